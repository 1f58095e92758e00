import { Form, Link, NavLink } from 'react-router';

/**
 * A Link's props that only the router's own click handler honours; the kept parts' wrapper
 * (lib/server-html.tsx) follows a plain link to its href and knows nothing of these.
 */
const ROUTER_CLICK_PROPS = [
  'reloadDocument',
  'replace',
  'state',
  'mask',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
  'prefetch',
];

/** What of the element answers the user only through code running in the browser. */
function interactiveProps(type: unknown, props: Record<string, unknown>): string[] {
  const handlers = Object.keys(props).filter(
    (name) => /^on[A-Z]/.test(name) && typeof props[name] === 'function',
  );
  if (type === NavLink || type === Form) return [type === Form ? 'Form' : 'NavLink', ...handlers];
  if (type === Link) {
    const routed = ROUTER_CLICK_PROPS.filter((name) => props[name] !== undefined);
    return routed.length > 0 ? [`Link ${routed.join(' ')}`, ...handlers] : handlers;
  }
  return handlers;
}

/**
 * The props of an element created by JSX, with what would need React in the browser named in
 * `data-interactive` (which Link, NavLink and Form pass on to their element): for a test of
 * server-rendered HTML, where handlers leave no trace (kept-parts.test.tsx).
 */
export function markInteractive(
  type: unknown,
  props: Record<string, unknown>,
): Record<string, unknown> {
  const interactive = interactiveProps(type, props);
  return interactive.length > 0 ? { ...props, 'data-interactive': interactive.join(' ') } : props;
}

/** A JSX runtime's function (jsx, jsxs, jsxDEV) that marks the props as markInteractive does. */
export function markingJsx<Jsx extends (...args: never[]) => unknown>(jsx: Jsx): Jsx {
  const create = jsx as unknown as (type: unknown, props: object, ...rest: unknown[]) => unknown;
  const marking = (type: unknown, props: Record<string, unknown>, ...rest: unknown[]) =>
    create(type, markInteractive(type, props), ...rest);
  return marking as unknown as Jsx;
}
