/**
 * A page the server rendered is usable as it came: its links are links, its search form is a
 * form. The app (React, the router, every query) costs a phone hundreds of milliseconds of its
 * main thread to start, so on such a page it starts only when the visitor first reaches for the
 * page: a pointer moved or pressed, a touch, a key, a field focused (issue 43 item 6, decision
 * 058). What they did meanwhile is not lost:
 * - a click on a link goes where the link goes, as the browser does it;
 * - any other click (a button, a tab, a checkbox) is held and done again once the page is the
 *   app's, on the same element;
 * - a form sent by Enter is held and sent again, unless it names where it goes (`action`: the
 *   search form), which the browser then does itself;
 * - text typed in a field stays in it, and the app is told, as if typed after it started.
 * Nothing here is React's: this module is all a page loads before that moment.
 */

import { HAND_OFF_PARAMS } from '../lib/hand-off-params';

/**
 * What counts as reaching for the page; each starts the app. Not `pointerover`: Chromium sends
 * one when the page's layout puts an element under a pointer that has not moved (the style
 * sheet arriving), which is no one reaching for anything.
 */
const WAKING_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
] as const;

/** The mark the app sets once the page is its own (app/hydrated-mark.tsx). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * The id of the element holding a server-rendered page's data (the contract's
 * PAGE_DATA_ELEMENT_ID, which this module does not import: the contract would come with it).
 */
export const PAGE_DATA_ID = 'page-data';

/**
 * Whether the app waits for the visitor: only on a page the server rendered, with no one signed
 * in (the top bar then shows their account and cart, which only the app knows), no field
 * already focused (the visitor is typing) and nothing handed back to the app in the URL (back
 * from Google's sign-in or the e-mailed verification link: lib/hand-off-params.ts).
 */
export function startsOnInteraction(doc: Document, signedIn: boolean): boolean {
  const focused = doc.activeElement !== null && doc.activeElement !== doc.body;
  const query = new URLSearchParams(doc.location?.search ?? '');
  const handedOff = HAND_OFF_PARAMS.some((param) => query.has(param));
  return doc.getElementById(PAGE_DATA_ID) !== null && !signedIn && !focused && !handedOff;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** A link, or the button of a form that names where it goes: the browser does these itself. */
function goesByItself(target: Element): boolean {
  if (target.closest('a[href]')) return true;
  const button = target.closest('button, input[type="submit"]');
  if (!button || !(button instanceof HTMLButtonElement || button instanceof HTMLInputElement)) {
    return false;
  }
  return button.type === 'submit' && button.form?.hasAttribute('action') === true;
}

/**
 * Tells React a field's value changed: React compares the value with the one it last saw (the
 * typed one, read while hydrating), so the field is set empty through the element (React sees
 * that) and back through the prototype (it does not), then an input event is sent.
 */
function announceTyped(field: Field): void {
  const typed = field.value;
  const prototype = Object.getPrototypeOf(field) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  field.value = '';
  setValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Starts the app (`start`) on the first interaction, holds what the visitor did until the page
 * is the app's, then does it again. Returns a function that starts it at once (the same start).
 */
export function wakeOnInteraction(
  start: () => Promise<void>,
  doc: Document = document,
): () => void {
  const root = doc.documentElement;
  const held: Array<() => void> = [];
  const typedIn = new Set<Field>();
  let started = false;

  const wake = () => {
    if (started) return;
    started = true;
    for (const type of WAKING_EVENTS) doc.removeEventListener(type, wake, true);
    start().catch(() => {
      // The app did not load (offline, a deploy): the page stays the server's, its links
      // and forms working as plain HTML, and nothing is held any longer.
      stopHolding();
    });
  };

  const onClick = (event: MouseEvent) => {
    wake();
    const target = event.target instanceof Element ? event.target : null;
    if (!target || goesByItself(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(() => {
      if (target.isConnected && target instanceof HTMLElement) target.click();
    });
  };

  const onSubmit = (event: SubmitEvent) => {
    wake();
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter;
    held.push(() => {
      if (!form.isConnected) return;
      if (submitter?.isConnected) form.requestSubmit(submitter);
      else form.requestSubmit();
    });
  };

  const onInput = (event: Event) => {
    wake();
    if (isField(event.target)) typedIn.add(event.target);
  };

  const stopHolding = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('change', onInput, true);
    observer.disconnect();
  };

  // Once the app has the page: told of every field typed in first, then each held action.
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute(HYDRATED_ATTRIBUTE)) return;
    stopHolding();
    // After the effects of the commit that set the mark.
    setTimeout(() => {
      for (const field of typedIn) if (field.isConnected) announceTyped(field);
      for (const action of held.splice(0)) action();
    }, 0);
  });
  observer.observe(root, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });

  for (const type of WAKING_EVENTS)
    doc.addEventListener(type, wake, { capture: true, passive: true });
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onInput, true);
  return wake;
}
