import { ReadableStream } from 'node:stream/web';
import { REVIEWS_PAGE_SIZE, type PageData } from '@tools-factory/contract';
import type * as JsxDevRuntime from 'react/jsx-dev-runtime';
import type * as JsxRuntime from 'react/jsx-runtime';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PublicPages } from './app/route-table';
import { render } from './entry-server';
import { ACTION_ATTRIBUTE } from './lib/server-html';
import { markInteractive } from './test/mark-interactive';
import {
  hammer,
  makeCategoryToolsPage,
  makeCategoryTree,
  makeGalleryItem,
  makeReview,
  makeReviewsPage,
  makeTool,
} from './test/factories';

/*
 * A kept part (lib/server-html.tsx) stays the server's HTML on the hydrating render: React runs
 * none of its code, so whatever in it needs React does nothing until a client-side render. Only
 * plain links survive, which the part's wrapper follows as client-side navigations. This walks
 * every kept part of every server-rendered page and fails on anything else that reacts to the
 * user.
 *
 * An event handler prop leaves no trace in HTML: every element this app's code creates (the JSX
 * runtime, wrapped below) carries its handler props' names in `data-interactive`, and so does a
 * Link with props that only the router's own click handling honours (a NavLink's active state
 * is the router's too). Link, NavLink and Form pass such an attribute on to their element.
 */
vi.mock('react/jsx-dev-runtime', async (importOriginal) => {
  const runtime = await importOriginal<typeof JsxDevRuntime>();
  const { markingJsx } = await import('./test/mark-interactive');
  return { ...runtime, jsxDEV: markingJsx(runtime.jsxDEV) };
});
vi.mock('react/jsx-runtime', async (importOriginal) => {
  const runtime = await importOriginal<typeof JsxRuntime>();
  const { markingJsx } = await import('./test/mark-interactive');
  return { ...runtime, jsx: markingJsx(runtime.jsx), jsxs: markingJsx(runtime.jsxs) };
});

// The server entry's prerender writes into a web stream, which jsdom's window lacks (Node has it).
globalThis.ReadableStream ??= ReadableStream as typeof globalThis.ReadableStream;

const saw = makeTool({ _id: '0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6', name: 'Hand Saw' });
const data: PageData = {
  tools: [hammer, saw],
  reviewsPage: makeReviewsPage([makeReview({ review: 'Sturdy hammers, fast delivery.' })]),
  gallery: [makeGalleryItem({ desc: 'Our forge at night' })],
  identitySettings: { googleSignIn: true },
  categories: makeCategoryTree(),
  categoryTools: makeCategoryToolsPage([hammer]),
};

/** Every server-rendered page, at each address that renders it differently. */
const pageUrls: Record<keyof PublicPages, string[]> = {
  home: ['/', '/home', '/?q=saw', '/?sort=price', '/?q=no-such-tool'],
  about: ['/about'],
  blogs: ['/blogs'],
  login: ['/login'],
  signup: ['/signup'],
  purchase: [`/purchase/${saw._id}`],
  category: ['/category/hammers', '/category/hammers?material=steel&page=1'],
  notFound: ['/no/such/page'],
};

/** What in the element answers the user only through code: a form control or a handler. */
const INTERACTIVE = [
  'button',
  'input',
  'select',
  'textarea',
  'form',
  '[contenteditable]',
  '[tabindex]',
  '[data-interactive]',
].join(', ');

/**
 * The kept parts of the page's HTML, each with what in it is interactive; a button naming an
 * action (`data-action`: Show more reviews) is the part's ServerHtml's to answer, not the part's.
 */
function keptParts(html: string) {
  const page = new DOMParser().parseFromString(html, 'text/html');
  return [...page.querySelectorAll('[data-server-html]')].map((part) => ({
    part: part.getAttribute('data-server-html'),
    interactive: [...part.querySelectorAll(INTERACTIVE)]
      .filter((element) => !element.matches(`button[${ACTION_ATTRIBUTE}]`))
      .map((element) => {
        const marked = element.getAttribute('data-interactive');
        return `<${element.localName}>${marked ? ` (${marked})` : ''}: ${element.textContent}`;
      }),
  }));
}

describe('the kept parts of the server-rendered pages', () => {
  it.each(Object.entries(pageUrls).flatMap(([page, urls]) => urls.map((url) => [page, url])))(
    'the %s page at %s keeps no interactive element in a kept part',
    async (_page, url) => {
      const parts = keptParts((await render(url, data)).html);
      for (const { part, interactive } of parts) {
        expect({ part, interactive }).toEqual({ part, interactive: [] });
      }
    },
  );

  it('keeps Show more reviews in the reviews part as a button naming its action', async () => {
    const reviews = Array.from({ length: REVIEWS_PAGE_SIZE + 1 }, (_, index) =>
      makeReview({ _id: `2fac5b60-7d8e-4f90-8b12-${String(index).padStart(12, '0')}` }),
    );
    const { html } = await render('/', { ...data, reviewsPage: makeReviewsPage(reviews) });
    const reviewsPart = keptParts(html).find(({ part }) => part === 'reviews');
    expect(reviewsPart).toEqual({ part: 'reviews', interactive: [] });
    const page = new DOMParser().parseFromString(html, 'text/html');
    const buttons = [...page.querySelectorAll('[data-server-html="reviews"] button')];
    expect(buttons.map((button) => button.getAttribute(ACTION_ATTRIBUTE))).toEqual([
      'show-more-reviews',
    ]);
  });

  it('finds the kept parts of the home page (the walk above is not empty)', async () => {
    const parts = keptParts((await render('/', data)).html);
    expect(parts.map(({ part }) => part).sort()).toEqual(['gallery', 'reviews', 'tool-cards']);
  });

  it('sees a handler, a button and a router-only link', async () => {
    expect(markInteractive('div', { onClick: () => undefined })).toMatchObject({
      'data-interactive': 'onClick',
    });
    expect(markInteractive(Link, { to: '/', state: { from: 'card' } })).toMatchObject({
      'data-interactive': 'Link state',
    });
    expect(markInteractive(Link, { to: '/', className: 'btn' })).toEqual({
      to: '/',
      className: 'btn',
    });
    const html = '<div data-server-html="part"><p><button>Buy</button><a href="/x">X</a></p></div>';
    expect(keptParts(html)).toEqual([{ part: 'part', interactive: ['<button>: Buy'] }]);
  });
});
