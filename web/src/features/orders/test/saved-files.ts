import { afterEach, beforeEach, vi } from 'vitest';

/** A file the page handed the browser to save: the download link's name and the file. */
export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * The files the page saves during each test of the calling block (lib/save-file clicks a link to
 * an object URL): the browser's URL and the link's click are stood in for, and the list starts
 * empty before each test.
 */
export function catchSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.getAttribute('href') ?? '') ?? new Blob();
      saved.push({ name: this.download, blob });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return saved;
}
