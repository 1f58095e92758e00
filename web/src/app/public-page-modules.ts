import type { PublicPages } from './route-table';

/**
 * The server-rendered pages whose script files the server lists in the page's <head>, each by
 * its module as router.tsx loads it (a path under web/src): the browser build lists the files
 * (build/page-preloads.ts) and entry-server.tsx names the page it rendered. The entry asks the
 * browser for them (app/page-scripts.ts): after the load when the app waits for the visitor,
 * with the app when it starts at once; not one by one as each file's importer arrives.
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
