import { useEffect, useRef, useState } from 'react';
import type CountUpDefault from 'react-countup';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

type CountUpComponent = typeof CountUpDefault;

/**
 * final: the figures as they are (the server's HTML, less motion asked for, nothing seen yet);
 * waiting: out of view after hydration, at 0 until seen; counting: react-countup has arrived and
 * counts up from 0 once the figures are in view.
 */
export type Counter =
  { state: 'final' } | { state: 'waiting' } | { state: 'counting'; CountUp: CountUpComponent };

const FINAL: Counter = { state: 'final' };

/** Loads the counting library; it weighs more than the rest of the home page's own code. */
async function loadCountUp(): Promise<CountUpComponent> {
  const module = await import('react-countup');
  // Vite 8 hands this CommonJS package's whole module.exports to a default import (without this,
  // a blank page: React error #130), so the component may sit under `.default`.
  const CountUp = module.default;
  return (CountUp as unknown as { default?: CountUpComponent }).default ?? CountUp;
}

/**
 * Figures that count up when they come into view, without the counting library on the first
 * page: it is imported once the list nears the viewport (half a screen before), and counts
 * (its own scroll spy) once in view. Until then the figures stay as rendered, or read 0 while
 * out of view, so nobody sees a final figure turn into a 0.
 */
export function useCountUpWhenSeen<T extends Element>() {
  const listRef = useRef<T>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [counter, setCounter] = useState<Counter>(FINAL);

  useEffect(() => {
    const list = listRef.current;
    if (reducedMotion || !list || typeof IntersectionObserver !== 'function') return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) {
          setCounter((current) => (current.state === 'final' ? { state: 'waiting' } : current));
          return;
        }
        observer.disconnect();
        loadCountUp().then(
          (CountUp) => {
            if (!cancelled) setCounter({ state: 'counting', CountUp });
          },
          () => {
            // The chunk did not arrive (offline, a new deploy): the figures stand as they are.
            if (!cancelled) setCounter(FINAL);
          },
        );
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    observer.observe(list);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [reducedMotion]);

  return { listRef, counter: reducedMotion ? FINAL : counter };
}
