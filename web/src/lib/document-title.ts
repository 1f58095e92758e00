import { shellTexts } from '@tools-factory/contract';
import { useEffect } from 'react';

/** 'Purchase Hand Saw | Tools Factory'; the brand alone for the home page (no page name). */
export function pageTitle(page?: string): string {
  return page ? shellTexts.pageTitles.withSite(page) : shellTexts.pageTitles.site;
}

/**
 * Sets the document title (what a tab, the history and a screen reader announce for the page);
 * null leaves it to someone else. A plain effect rather than React 19's hoisted <title>: the
 * title index.html writes (for the first paint) would stay first in <head> and win.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
