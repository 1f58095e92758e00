import type { KeyboardEvent } from 'react';

/** What Tab may stop on: enabled links, buttons and fields. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The keydown handler of a modal dialog or an open drawer: Tab past its last control comes back
 * to the first, Shift+Tab before the first goes to the last. showModal() keeps the focus off the
 * page behind, but Tab may still leave for the browser's own toolbar, and a keyboard user is then
 * lost; a drawer covers the page behind it, which Tab must not reach.
 */
export function keepFocusInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const container = event.currentTarget;
  const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
