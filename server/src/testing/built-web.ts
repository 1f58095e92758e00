import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID, PAGE_PRELOADS_FILE } from '@tools-factory/contract';

// A built web app for the tests of the server-rendered pages: Vite's index.html, the build's
// list of page scripts, and a server entry of the test's own (a stand-in of
// web/dist-ssr/entry-server.js).

/** Shaped like Vite's index.html: a title, the module script in the head, an empty root. */
export const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Tools Factory</title>' +
  '<script type="module" crossorigin src="/assets/index-a1b2c3d4.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** The build's list of the login page's script files (web/build/page-preloads.ts writes it). */
export const loginScripts = ['/assets/login-page-1a2b3c4d.js', '/assets/text-field-5e6f7a8b.js'];

export function makeBuiltWeb(entrySource: string | undefined): { base: string; entry: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'tools-factory-web-pages-'));
  mkdirSync(path.join(base, 'dist', 'assets'), { recursive: true });
  mkdirSync(path.join(base, 'dist-ssr'));
  writeFileSync(path.join(base, 'dist', 'index.html'), indexHtml);
  mkdirSync(path.dirname(path.join(base, 'dist', PAGE_PRELOADS_FILE)));
  writeFileSync(
    path.join(base, 'dist', PAGE_PRELOADS_FILE),
    JSON.stringify({ login: loginScripts }),
  );
  const entry = path.join(base, 'dist-ssr', 'entry-server.mjs');
  if (entrySource !== undefined) writeFileSync(entry, entrySource);
  return { base, entry };
}

const PAGE_DATA_ELEMENT = new RegExp(
  `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);

/** The PageData of a page, read as a browser reads it: the element's text up to its first end tag. */
export function pageDataOf(html: string): unknown {
  const text = PAGE_DATA_ELEMENT.exec(html)?.[1];
  if (text === undefined) throw new Error('the page has no page-data element');
  return JSON.parse(text);
}

export type BuiltWeb = ReturnType<typeof makeBuiltWeb>;
type Cleanup = { onCleanup: (cleanup: () => void) => void };

/** A built web app with this server entry (none: undefined), removed when the file ends. */
export function builtWebFixture(entrySource: string | undefined) {
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
  return ({}, { onCleanup }: Cleanup): BuiltWeb => {
    const web = makeBuiltWeb(entrySource);
    onCleanup(() => rmSync(web.base, { recursive: true, force: true }));
    return web;
  };
}
/** The config of an app serving `web`. */
export const servingConfig = (web: BuiltWeb) => ({
  webDistDir: path.join(web.base, 'dist'),
  webSsrEntry: web.entry,
});
