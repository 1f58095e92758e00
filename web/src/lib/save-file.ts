import type { DownloadedFile } from './api-client';

/**
 * Hands a downloaded file to the browser to save, as a link with `download` would: a temporary
 * object URL on a temporary <a download>, both gone once clicked. `fallbackName` names it when
 * the answer gave no name.
 */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has been handled: revoking at once cancels the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
