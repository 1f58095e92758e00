import { GALLERY_SIZE, texts } from '@tools-factory/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { Section } from '../../../components/ui/section';
import { Spinner } from '../../../components/ui/spinner';
import { useGallery } from '../api/get-gallery';
import { GalleryCard } from './gallery-card';

/** VISIT OUR MANUFACTURER HOUSE: six pictures of the workshops. */
export function GallerySection() {
  const gallery = useGallery();
  return (
    <Section id="gallery" title={texts.home.galleryTitle}>
      {gallery.isPending ? (
        <Spinner />
      ) : gallery.isError ? (
        <ErrorState message={gallery.error.message} onRetry={() => void gallery.refetch()} />
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {gallery.data.slice(0, GALLERY_SIZE).map((item) => (
            <li key={item._id} className="flex">
              <GalleryCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
