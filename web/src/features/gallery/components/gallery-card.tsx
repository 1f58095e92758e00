import { galleryExcerpt, type GalleryItem, homeTexts } from '@tools-factory/contract';
import { CardPicture } from '../../../components/ui/card-picture';

interface GalleryCardProps {
  item: GalleryItem;
}

/** A picture of the manufacturer house under the fixed album title, its text cut to 35 characters. */
export function GalleryCard({ item }: GalleryCardProps) {
  return (
    <article className="card bg-base-100 border-base-300 w-full overflow-hidden border shadow-sm">
      <CardPicture src={item.img} alt={item.desc} imageClassName="object-cover" />
      <div className="card-body gap-2">
        <h3 className="card-title text-base">{homeTexts.home.galleryCardTitle}</h3>
        <p className="text-base-content/75 text-sm">{galleryExcerpt(item.desc)}</p>
      </div>
    </article>
  );
}
