import { useEffect } from 'react';

/**
 * Marks the document once React has taken the page over (`<html data-hydrated>`): until then a
 * server-rendered page's buttons do nothing, so the e2e journeys wait for it after each load.
 *
 * Rendered with the page, inside the shell's Suspense boundary (layouts/page-outlet.tsx), and in
 * the error panel that replaces a page: React hydrates that boundary in a pass of its own, after
 * the shell's, so a mark in the shell was set while the page was still the server's HTML.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
