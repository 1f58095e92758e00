import type { $ZodConfig } from 'zod/v4/core';

declare global {
  // Where zod keeps its configuration, shared by every copy of zod on the page (zod/v4/core).
  var __zod_globalConfig: Partial<$ZodConfig> | undefined;
}

/**
 * Zod compiles a fast object parser with `new Function` when it may, and finds out by trying
 * once. Our CSP forbids eval, so that probe is refused and Chromium reports a CSP violation on
 * every page with a form (Lighthouse's best practices: "Issues were logged"). Parsing the few
 * objects a browser checks needs no compiled parser: zod is told not to try (its `jitless`
 * option). It must be set before any schema is built, so main.tsx imports this module first.
 * Set where zod reads it rather than through `z.config()`: importing zod here would move zod's
 * core into the first page's chunk (3.7 kB gzip, measured), which only form pages need.
 */
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
