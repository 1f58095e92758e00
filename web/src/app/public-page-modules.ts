import type { PublicPages } from './route-table';

/**
 * The server-rendered pages whose script files the server names in the page's <head> as
 * modulepreload links, each by its module as router.tsx loads it (a path under web/src): the
 * browser build lists the files (build/page-preloads.ts) and entry-server.tsx names the page it
 * rendered. The browser then fetches them while it reads the HTML, not once the entry has run and
 * the page's chunk has arrived.
 *
 * Only the account forms, whose pages import many files before they can answer (the form, its
 * fields, react-hook-form): measured as on a phone (decision 026), the links cut the login
 * page's blocking time by about two thirds once the build stopped adding links. The purchase page, whose first view imports few files since zod left it, and the home
 * page paint sooner without them: on a slow network every link is a request beside the style
 * sheet the first paint waits for.
 */
export const preloadedPageModules = {
  login: ['features/identity/pages/login-page.tsx'],
  signup: ['features/identity/pages/signup-page.tsx'],
} as const satisfies Partial<Record<keyof PublicPages, readonly string[]>>;
