/**
 * The script files a server-rendered page's first view needs once the app starts, as the server
 * lists them in the page's head (`<meta name="page-scripts" content="/assets/a.js /assets/b.js">`,
 * only for the account forms, whose pages import many files: app/public-page-modules.ts). The
 * entry asks the browser for them (decision 026):
 * - `now`, when the app starts at once: modulepreload links, fetched together while the app's
 *   first file arrives, rather than each once the file importing it has;
 * - `after load`, when the app waits for the visitor (wake-on-interaction.ts): prefetch links once
 *   the page has loaded, at the browser's lowest priority. Named in the HTML, even as preload
 *   links, they competed with the style sheet the first paint waits for; fetched after the load,
 *   the app's import finds them in the browser's cache.
 * Nothing here is React's or the contract's: this module is part of the small entry.
 */

/** The meta element's name (the contract's PAGE_SCRIPTS_META_NAME, not imported: zod would come). */
export const PAGE_SCRIPTS_META = 'page-scripts';

/** The files the page's meta element lists; none without one. */
export function listedPageScripts(doc: Document): string[] {
  const meta = doc.querySelector(`meta[name="${PAGE_SCRIPTS_META}"]`);
  return (meta?.getAttribute('content') ?? '').split(' ').filter((file) => file.length > 0);
}

function linkEach(doc: Document, rel: 'modulepreload' | 'prefetch'): void {
  for (const file of listedPageScripts(doc)) {
    const link = doc.createElement('link');
    link.rel = rel;
    // The request a module script's import makes (CORS mode), so the fetched file is the one used.
    link.crossOrigin = '';
    link.href = file;
    doc.head.append(link);
  }
}

/** Asks the browser for the page's listed script files, now or once the page has loaded. */
export function fetchPageScripts(
  when: 'now' | 'after load',
  doc: Document = document,
  win: Pick<Window, 'addEventListener'> = window,
): void {
  if (when === 'now') linkEach(doc, 'modulepreload');
  else if (doc.readyState === 'complete') linkEach(doc, 'prefetch');
  else win.addEventListener('load', () => linkEach(doc, 'prefetch'), { once: true });
}
