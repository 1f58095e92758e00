import { GALLERY_SIZE, homeTexts } from '@tools-factory/contract';
import { CardGrid } from '../../../components/ui/card-grid';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { useGallery } from '../api/get-gallery';
import { GalleryCard } from './gallery-card';

/** VISIT OUR MANUFACTURER HOUSE: six pictures of the workshops. */
export function GallerySection() {
  const gallery = useGallery();
  return (
    <Section id="gallery" title={homeTexts.home.galleryTitle}>
      <QueryBoundary query={gallery}>
        {(items) => (
          <CardGrid items={items.slice(0, GALLERY_SIZE)} className="sm:grid-cols-2 lg:grid-cols-3">
            {(item) => <GalleryCard item={item} />}
          </CardGrid>
        )}
      </QueryBoundary>
    </Section>
  );
}
