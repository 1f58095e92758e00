const sizes = {
  /** 40 px: a table row's picture. */
  sm: { px: 40, className: 'size-10 p-1' },
  /** 56 px: Manage Tools' picture column. */
  md: { px: 56, className: 'size-14 p-1' },
  /** 64 px: a summary's picture. */
  lg: { px: 64, className: 'size-16 p-1' },
  /** 80 px: a confirmation's picture. */
  xl: { px: 80, className: 'size-20 p-2' },
} as const;

interface ThumbnailProps {
  src: string;
  /** Empty when the name beside it says what it shows. */
  alt?: string;
  size: keyof typeof sizes;
  /** In a long list: fetched only when scrolled near. */
  lazy?: boolean;
}

/** A small square picture on a grey ground, beside a name. */
export function Thumbnail({ src, alt = '', size, lazy = false }: ThumbnailProps) {
  const { px, className } = sizes[size];
  return (
    <img
      src={src}
      alt={alt}
      width={px}
      height={px}
      loading={lazy ? 'lazy' : undefined}
      className={`bg-base-200 rounded-box shrink-0 object-contain ${className}`}
    />
  );
}
