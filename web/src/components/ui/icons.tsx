import type { ReactNode, SVGProps } from 'react';

/**
 * The first page's icons, drawn here as a few strokes each. react-icons keeps a whole icon set in
 * one module, so one icon on the home page brought every icon any page uses into its script
 * (about 5 kB gzip); the other pages still use react-icons. Sized like text (1em), coloured by
 * `color`, like react-icons' icons.
 */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

const STAR_POINTS =
  '12,2.6 14.5,9.2 21.5,9.5 16,13.9 17.9,20.7 12,16.8 6.1,20.7 8,13.9 2.5,9.5 9.5,9.2';

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const CartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
    <circle cx="9.5" cy="19" r="1.3" />
    <circle cx="17" cy="19" r="1.3" />
  </Icon>
);

export const StarIcon = (props: IconProps) => (
  <Icon fill="currentColor" {...props}>
    <polygon points={STAR_POINTS} />
  </Icon>
);

export const StarOutlineIcon = (props: IconProps) => (
  <Icon {...props}>
    <polygon points={STAR_POINTS} />
  </Icon>
);

export const QuoteIcon = (props: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...props}>
    <path d="M10 6c-3.5 1.2-6 4-6 8v4h6v-6H7c0-2.2 1.3-3.8 3-4.5zM20 6c-3.5 1.2-6 4-6 8v4h6v-6h-3c0-2.2 1.3-3.8 3-4.5z" />
  </Icon>
);

export const UsersIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16.5 4.8a3.2 3.2 0 0 1 0 6.4M18 14.3c2 .7 3.5 2.7 3.5 5.7" />
  </Icon>
);

export const ClipboardCheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <rect x="9" y="2.5" width="6" height="3.5" rx="1" />
    <path d="m9 13.5 2 2 4-4.5" />
  </Icon>
);

/** Clients: a briefcase, the business that buys from the factory. */
export const BriefcaseIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3 13h18" />
  </Icon>
);

export const CommentDotsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
    <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" strokeWidth={3} />
  </Icon>
);

export const FacebookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15.5 3H13a4 4 0 0 0-4 4v14M6 10.5h8" />
  </Icon>
);

export const TwitterIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21.5 6.5c-.8.4-1.7.6-2.6.7a3.6 3.6 0 0 0-6.2 3.3C9.6 10.4 6.7 8.9 4.6 6.3c-1.1 2-.5 4.4 1.3 5.7-.7 0-1.3-.2-1.9-.5 0 2 1.4 3.6 3.3 4-.6.2-1.3.2-1.9.1.5 1.6 2.1 2.8 3.8 2.8A8 8 0 0 1 3 20a11.2 11.2 0 0 0 16.7-9.9V9.6c.8-.8 1.4-1.8 1.8-3.1z" />
  </Icon>
);

export const YoutubeIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="m10 9 5 3-5 3z" fill="currentColor" />
  </Icon>
);

/** Any of the icons above, for a table of icons. */
export type IconComponent = (props: IconProps) => ReactNode;
