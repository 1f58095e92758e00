import { galleryExcerpt, texts, type GalleryItem } from '@tools-factory/contract';

interface GalleryCardProps {
  item: GalleryItem;
}

/** A picture of the manufacturer house under the fixed album title, its text cut to 35 characters. */
export function GalleryCard({ item }: GalleryCardProps) {
  return (
    <article className="card bg-base-100 border-base-300 w-full overflow-hidden border shadow-sm">
      <figure className="bg-base-200 aspect-[4/3]">
        <img
          src={item.img}
          alt={item.desc}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2">
        <h3 className="card-title text-base">{texts.home.galleryCardTitle}</h3>
        <p className="text-base-content/75 text-sm">{galleryExcerpt(item.desc)}</p>
      </div>
    </article>
  );
}
