import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UploadedToolImage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /api/manageTools/images (bearer, admins, multipart): one picture, answered with the URL
 * it is served at (a path on this site, a good `img` for a tool). 413 above 5 MB, 400 for a file
 * that is not a JPEG, PNG or WebP picture, both in words.
 */
export function uploadToolImage(file: File): Promise<UploadedToolImage> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedToolImage>(apiPaths.toolImages, form);
}

export function useUploadToolImage() {
  return useMutation({ mutationFn: uploadToolImage });
}
