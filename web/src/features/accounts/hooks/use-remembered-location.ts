import { routes } from '@tools-factory/contract';
import { useLocation, useSearchParams, type Location } from 'react-router';

/** The query parameter that carries the remembered location through Google's redirect. */
export const FROM_PARAM = 'from';

function isAppPath(value: unknown): value is string {
  // Only a path of this app: never another site ('//evil.example', 'https://...').
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

/**
 * Where to go after logging in (SPEC.md section 2): the location a protected route remembered
 * (router state), or the one carried through Google's redirect (?from=), or '/'.
 */
export function rememberedPath(state: unknown, search: URLSearchParams): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (from && isAppPath(from.pathname)) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  const carried = search.get(FROM_PARAM);
  return isAppPath(carried) ? carried : routes.home;
}

export function useRememberedPath(): string {
  const location = useLocation();
  const [search] = useSearchParams();
  return rememberedPath(location.state, search);
}
