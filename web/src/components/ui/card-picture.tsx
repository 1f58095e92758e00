interface CardPictureProps {
  src: string;
  alt: string;
  /** How the image fills the 4:3 frame, and its padding. */
  imageClassName: string;
  /** More classes of the frame (a height limit). */
  className?: string;
  /** At the top of the page: loaded at once, not lazily. */
  eager?: boolean;
}

/** A card's picture (a tool, a workshop) in a grey 4:3 frame. */
export function CardPicture({
  src,
  alt,
  imageClassName,
  className = '',
  eager = false,
}: CardPictureProps) {
  return (
    <figure className={`bg-base-200 aspect-[4/3] ${className}`}>
      <img
        src={src}
        alt={alt}
        width={400}
        height={300}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
        className={`h-full w-full ${imageClassName}`}
      />
    </figure>
  );
}
