import { routes } from '@tools-factory/contract';
import { useLocation, useSearchParams, type Location } from 'react-router';

/** The query parameter that carries the remembered location through Google's redirect. */
export const FROM_PARAM = 'from';

/** Any origin will do: it only tells a path of this app from a URL that leaves it. */
const PROBE_ORIGIN = 'https://app.invalid';

/**
 * `value` as a path of this app that React Router can navigate to, or undefined. Browsers read
 * '/\evil.example', '/<tab>/evil.example' and '//evil.example' as another host, so backslashes,
 * control characters and a leading '//' are refused before the URL is resolved; what is left must
 * resolve to this origin.
 */
export function appPathOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//'))
    return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  if (!URL.canParse(value, PROBE_ORIGIN)) return undefined;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after logging in (SPEC.md section 2): the location a protected route remembered
 * (router state), or the one carried through Google's redirect (?from=), or '/'.
 */
export function rememberedPath(state: unknown, search: URLSearchParams): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const remembered =
    typeof from?.pathname === 'string'
      ? appPathOf(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`)
      : undefined;
  return remembered ?? appPathOf(search.get(FROM_PARAM)) ?? routes.home;
}

export function useRememberedPath(): string {
  const location = useLocation();
  const [search] = useSearchParams();
  return rememberedPath(location.state, search);
}
