import { PAGE_DATA_ELEMENT_ID } from '@tools-factory/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backFromGoogle } from '../lib/hand-off-params';
import {
  HYDRATED_ATTRIBUTE,
  PAGE_DATA_ID,
  startsOnInteraction,
  wakeOnInteraction,
} from './wake-on-interaction';

/** Each test's page: a document of its own, so no test's waker listens on another's. */
let doc: Document;
beforeEach(() => {
  doc = document.implementation.createHTMLDocument('Tools Factory');
});

/** A server-rendered page as far as this module sees it: markup, and its data beside it. */
function serverPage(markup: string): void {
  doc.body.innerHTML = `<div id="root">${markup}</div><script type="application/json" id="${PAGE_DATA_ID}">{}</script>`;
}

/** What the app does once it has the page: set the mark (app/hydrated-mark.tsx). */
function hydrate(): void {
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
}

/** Until the replay after the mark (a task after the commit's effects) has run. */
const afterReplay = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Each event as the app's listener on #root would see it once the app is there. */
function appListener(type: string) {
  const seen: Event[] = [];
  doc.getElementById('root')!.addEventListener(type, (event) => seen.push(event));
  return seen;
}

const reach = (target: EventTarget, type = 'pointermove') =>
  target.dispatchEvent(new Event(type, { bubbles: true }));

const wake = (start: () => Promise<void>) => wakeOnInteraction(start, doc);

describe('startsOnInteraction', () => {
  it('names the page data element as the contract does', () => {
    expect(PAGE_DATA_ID).toBe(PAGE_DATA_ELEMENT_ID);
  });

  it('waits on a server-rendered page for a visitor, not for someone signed in or typing', () => {
    // The window's own document: only a document shown in a window has a focus.
    doc = document;
    doc.body.innerHTML = '<div id="root"><input id="q"></div>';
    expect(startsOnInteraction(doc, false), 'a page the browser renders').toBe(false);
    serverPage('<input id="q">');
    expect(startsOnInteraction(doc, false)).toBe(true);
    expect(startsOnInteraction(doc, true), 'signed in').toBe(false);
    for (const url of ['/?verified=1', '/login?from=%2Fcart&google=1', backFromGoogle('/signup')]) {
      window.history.replaceState(null, '', url);
      expect(startsOnInteraction(doc, false), `handed back at ${url}`).toBe(false);
    }
    window.history.replaceState(null, '', '/category/hammers?sort=price&page=2');
    expect(startsOnInteraction(doc, false), 'a shared category page').toBe(true);
    window.history.replaceState(null, '', '/');
    doc.getElementById('q')!.focus();
    expect(startsOnInteraction(doc, false), 'a field has the focus').toBe(false);
    doc.body.innerHTML = '';
  });
});

describe('wakeOnInteraction', () => {
  it('starts the app once, on the first reach for the page, and not when the layout moves under a still pointer', async () => {
    serverPage('<nav>Tools</nav>');
    const start = vi.fn(() => Promise.resolve());
    wake(start);
    reach(doc.querySelector('nav')!, 'pointerover');
    expect(start).not.toHaveBeenCalled();
    reach(doc.querySelector('nav')!);
    reach(doc.querySelector('nav')!, 'keydown');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a click on a button until the app has the page, then clicks it again', async () => {
    serverPage('<button type="button" id="add">Add to cart</button>');
    const clicks = appListener('click');
    const start = vi.fn(() => Promise.resolve());
    wake(start);
    const button = doc.getElementById('add')!;
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(first);
    expect(start).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(clicks, 'the app saw nothing before it had the page').toEqual([]);

    hydrate();
    await afterReplay();
    expect(clicks.map((click) => click.target)).toEqual([button]);
    // Once the app has the page, clicks are its own.
    button.click();
    expect(clicks).toHaveLength(2);
  });

  it('lets a link and the search form go as the browser takes them', () => {
    serverPage(
      '<a href="/category/hammers" id="link"><span id="inside">Hammers</span></a>' +
        '<form action="/search" id="search"><input name="q"><button id="go">Search</button></form>',
    );
    wake(() => Promise.resolve());
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    // jsdom would follow the link: stopped after the waker has seen the click.
    doc.getElementById('root')!.addEventListener('click', (event) => event.preventDefault());
    doc.getElementById('inside')!.dispatchEvent(onLink);
    const onSearch = new MouseEvent('click', { bubbles: true, cancelable: true });
    doc.getElementById('go')!.dispatchEvent(onSearch);
    // Prevented by the page's own listener above, not held: the waker let both through.
    expect(onLink.defaultPrevented).toBe(true);
    expect(onSearch.defaultPrevented).toBe(true);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    doc.getElementById('search')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('holds a form the app sends and sends it again, with what was typed in it', async () => {
    serverPage(
      '<form id="sign-in"><input id="email" name="email"><button id="send">Sign in</button></form>',
    );
    const submits = appListener('submit');
    const inputs = appListener('input');
    wake(() => Promise.resolve());
    const email = doc.getElementById('email') as HTMLInputElement;
    email.dispatchEvent(new Event('focusin', { bubbles: true }));
    email.value = 'buyer@example.com';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    doc.getElementById('sign-in')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(submits).toEqual([]);
    const typedBefore = inputs.length;

    hydrate();
    await afterReplay();
    // The app is told of the typed value (as an input event, with it in the field), then sent.
    expect(inputs.length).toBe(typedBefore + 1);
    expect((inputs.at(-1)!.target as HTMLInputElement).value).toBe('buyer@example.com');
    expect(submits).toHaveLength(1);
  });

  it('holds nothing once the app could not load: the page stays plain HTML', async () => {
    serverPage('<button type="button" id="add">Add to cart</button>');
    wake(() => Promise.reject(new Error('offline')));
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    doc.getElementById('add')!.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    await afterReplay();
    const second = new MouseEvent('click', { bubbles: true, cancelable: true });
    doc.getElementById('add')!.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
  });

  it('starts at once when asked (the same start, once)', () => {
    serverPage('<p>Tools</p>');
    const start = vi.fn(() => Promise.resolve());
    const startNow = wake(start);
    startNow();
    reach(doc.body);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
