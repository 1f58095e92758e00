import { memo } from 'react';
import { routes, shellTexts } from '@tools-factory/contract';
import { Link, type To } from 'react-router';
import {
  FacebookIcon,
  TwitterIcon,
  YoutubeIcon,
  type IconComponent,
} from '../../components/ui/icons';

const links = shellTexts.footer.links;
const homeSection = (id: string): To => ({ pathname: routes.home, hash: `#${id}` });

interface FooterColumn {
  title: string;
  items: { label: string; to: To }[];
}

/** The columns; the Account link leads a signed-in user to the dashboard, anyone else to login. */
const columnsFor = (signedIn: boolean): FooterColumn[] => [
  {
    title: shellTexts.footer.company,
    items: [
      { label: links.aboutUs, to: routes.about },
      { label: links.blogs, to: routes.blogs },
      { label: links.contact, to: homeSection('contact') },
    ],
  },
  {
    title: shellTexts.footer.getHelp,
    items: [
      { label: links.support, to: homeSection('contact') },
      { label: links.myOrders, to: routes.dashboardOrders },
      { label: links.account, to: signedIn ? routes.dashboard : routes.login },
    ],
  },
  {
    title: shellTexts.footer.onlineShop,
    items: [
      { label: links.allTools, to: homeSection('tools') },
      { label: links.customerReviews, to: homeSection('reviews') },
      { label: links.manufacturerHouse, to: homeSection('gallery') },
    ],
  },
];

const socialLinks: { label: string; href: string; Icon: IconComponent }[] = [
  { label: links.facebook, href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: links.twitter, href: 'https://twitter.com/', Icon: TwitterIcon },
  { label: links.youtube, href: 'https://www.youtube.com/', Icon: YoutubeIcon },
];

const columnTitleClass = 'mb-3 text-base font-bold tracking-wide text-primary';
const linkClass = 'link link-hover text-neutral-content/80 hover:text-neutral-content';

interface FooterProps {
  /** Whether someone is signed in: their Account link leads to the dashboard. */
  signedIn: boolean;
}

/**
 * Four link columns (company, get help, online shop, follow us) and the copyright line.
 * Memoized: the shell renders again for the admin flag and the cart, which the footer does not
 * show (issue 27: every render after hydrating is main-thread time on a phone).
 */
export const Footer = memo(function Footer({ signedIn }: FooterProps) {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 md:grid-cols-4">
        {columnsFor(signedIn).map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className={columnTitleClass}>{column.title}</h2>
            <ul className="flex flex-col gap-2 text-sm">
              {column.items.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label={shellTexts.footer.followUs}>
          <h2 className={columnTitleClass}>{shellTexts.footer.followUs}</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {socialLinks.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-2`}
                >
                  <Icon aria-hidden="true" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="text-neutral-content/70 mx-auto max-w-7xl px-4 py-5 text-center text-sm">
          {shellTexts.footer.copyright}
        </p>
      </div>
    </footer>
  );
});
