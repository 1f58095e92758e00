import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type GalleryItem } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/gallery: the manufacturer house's pictures. */
function getGallery(signal?: AbortSignal): Promise<GalleryItem[]> {
  return api.get<GalleryItem[]>(apiPaths.gallery, signal);
}

export const galleryQueryOptions = () =>
  queryOptions({
    queryKey: ['gallery'],
    // Fixed content: no need to ask again while the page stays open.
    staleTime: Infinity,
    queryFn: ({ signal }) => getGallery(signal),
  });

export function useGallery() {
  return useQuery(galleryQueryOptions());
}
