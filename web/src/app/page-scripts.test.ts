import { PAGE_SCRIPTS_META_NAME } from '@tools-factory/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetchPageScripts, listedPageScripts, PAGE_SCRIPTS_META } from './page-scripts';

/** Each test's page: a document of its own. */
let doc: Document;
beforeEach(() => {
  doc = document.implementation.createHTMLDocument('Tools Factory');
});

function listScripts(files: string[]): void {
  const meta = doc.createElement('meta');
  meta.name = PAGE_SCRIPTS_META;
  meta.content = files.join(' ');
  doc.head.append(meta);
}

/** The links the head holds now: rel, crossorigin and href of each. */
const links = () =>
  [...doc.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('crossorigin'),
    link.getAttribute('href'),
  ]);

/** A window whose load event the test sends. */
function windowToLoad() {
  const target = new EventTarget();
  return { win: target, load: () => target.dispatchEvent(new Event('load')) };
}

const files = ['/assets/login-page-1.js', '/assets/app-2.js'];

describe('page scripts', () => {
  it('names the meta element as the contract does', () => {
    expect(PAGE_SCRIPTS_META).toBe(PAGE_SCRIPTS_META_NAME);
  });

  it('reads the files the meta element lists, and none without one', () => {
    expect(listedPageScripts(doc)).toEqual([]);
    listScripts(files);
    expect(listedPageScripts(doc)).toEqual(files);
  });

  it('preloads them at once when the app starts at once', () => {
    listScripts(files);
    fetchPageScripts('now', doc, windowToLoad().win);
    expect(links()).toEqual(files.map((file) => ['modulepreload', '', file]));
  });

  it('prefetches them only once the page has loaded when the app waits', () => {
    listScripts(files);
    const { win, load } = windowToLoad();
    Object.defineProperty(doc, 'readyState', { value: 'interactive' });
    fetchPageScripts('after load', doc, win);
    expect(links()).toEqual([]);
    load();
    expect(links()).toEqual(files.map((file) => ['prefetch', '', file]));
    load();
    expect(links(), 'once').toHaveLength(files.length);
  });

  it('prefetches them at once when the page has already loaded', () => {
    listScripts(files);
    Object.defineProperty(doc, 'readyState', { value: 'complete' });
    fetchPageScripts('after load', doc, windowToLoad().win);
    expect(links().map(([rel]) => rel)).toEqual(['prefetch', 'prefetch']);
  });

  it('adds nothing to a page that lists no file', () => {
    fetchPageScripts('now', doc, windowToLoad().win);
    const { win, load } = windowToLoad();
    fetchPageScripts('after load', doc, win);
    load();
    expect(links()).toEqual([]);
  });
});
