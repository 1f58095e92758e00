import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** The part of a layout that holds the page itself (the dashboard's, beside its menu). */
export const PAGE_CONTENT_ATTRIBUTE = 'data-page-content';

/** How long a page still loading its data may take to show its heading. */
const HEADING_WAIT_MS = 5000;

// While the next page's chunk arrives, React keeps the previous page in the document, hidden
// with an inline display: none, beside the loading bar: its heading is not the new page's.
const SHOWN = ':not([style*="display: none"] *)';

function pageHeading(main: HTMLElement): HTMLElement | null {
  const scope = main.querySelector<HTMLElement>(`[${PAGE_CONTENT_ATTRIBUTE}]`) ?? main;
  return (
    scope.querySelector<HTMLElement>(`h1${SHOWN}`) ?? scope.querySelector<HTMLElement>(`h2${SHOWN}`)
  );
}

/** The section a #hash names, on the new page (a footer link to '/#contact'). */
function hashTarget(main: HTMLElement, hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  const target = document.getElementById(decodeURIComponent(hash.slice(1)));
  return target && main.contains(target) ? target : null;
}

function focusQuietly(element: HTMLElement) {
  // A heading takes the focus from a script only (not from Tab).
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  // useScrollOnNavigation decides the scroll (top, or the #section a link names).
  element.focus({ preventScroll: true });
}

/**
 * After a navigation to another page, the focus goes to its heading (h1, else the page's first
 * h2), so that a keyboard or screen-reader user starts on the new page rather than on the link
 * they followed; to the section a #hash names, when it names one. Not on the first load (the
 * browser starts at the top) and not when only the #hash or the query changes (the same page). A
 * page still loading (its chunk, its data) gets the focus on `main` until its #section or its
 * heading shows, unless the user has moved on by then.
 */
export function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname, hash } = useLocation();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    const main = mainRef.current;
    if (previous === null || previous === pathname || !main) return undefined;

    const heading = hashTarget(main, hash) ?? pageHeading(main);
    if (heading) {
      focusQuietly(heading);
      return undefined;
    }
    focusQuietly(main);
    // The new page is still on its way (its chunk, or the home page's static sections): the
    // section its #hash names, else its heading, once it shows.
    const observer = new MutationObserver(() => {
      const shown = hashTarget(main, hash) ?? pageHeading(main);
      if (!shown) return;
      stop();
      if (document.activeElement === main) focusQuietly(shown);
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
    // The hash is read with the path it came with; a change of the hash alone returns above.
  }, [pathname, hash, mainRef]);
}
