import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How far down each visited entry was left, by the router's location key (this tab only). */
const scrollPositions = new Map<string, number>();

// On the server there is no layout to measure: the plain effect keeps React from warning there.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The scroll of a page change, as a visitor expects it: a new page (a link, a redirect) starts at
 * the top, or at the section its #hash names; Back and Forward return to where that entry was
 * left; a change of the query alone (the tool search) keeps the scroll. Not on the first load
 * (the browser decides).
 */
export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<{ key: string; pathname: string; hash: string } | null>(null);

  // Remember the position of the entry being shown, up to the moment another one replaces it.
  useEffect(() => {
    const remember = () => scrollPositions.set(location.key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useBrowserLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { key: location.key, pathname: location.pathname, hash: location.hash };
    if (previous === null || previous.key === location.key) return;
    if (navigationType === 'POP') {
      const saved = scrollPositions.get(location.key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (location.hash.length > 1) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (previous.pathname !== location.pathname) window.scrollTo(0, 0);
  }, [location, navigationType]);
}
