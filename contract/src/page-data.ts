import type { CategoryToolsPage, CategoryTree } from './categories.ts';
import type { GalleryItem } from './gallery.ts';
import type { IdentitySettings } from './identity.ts';
import type { ReviewsPage } from './reviews.ts';
import type { Tool } from './tools.ts';

/**
 * What the server renders a public page from (docs/architecture.md#pages), and what travels to the
 * browser inside that page's HTML as JSON in a non-executable script element, so that the client
 * starts with the very data the HTML shows (no request, no shift, no hydration mismatch).
 * Everything in it is public: the same for every visitor of a catalog version.
 */
export type PageData = {
  /**
   * GET /api/parts's tools (the catalog's order), as the snapshot holds them: on the home page
   * only, and there only up to HOME_PAGE_TOOLS_LIMIT tools on sale, so that a page never carries,
   * nor waits for, a catalog it does not show.
   */
  tools?: Tool[];
  /** GET /api/tool/{id}'s tool, on its purchase page. */
  tool?: Tool;
  /** GET /api/categories (issue 43). */
  categories?: CategoryTree;
  /**
   * GET /api/categories/{slug}/tools's answer for a category page's URL, and for the home page
   * above HOME_PAGE_TOOLS_LIMIT its first page of every tool (slug `all`). Left out when the
   * call refuses the URL (the page then asks, and says why).
   */
  categoryTools?: CategoryToolsPage;
  /**
   * GET /api/review/page's first page: on the home page only, the one page that shows reviews,
   * so that no other page carries, nor is rendered again for, the shop's reviews.
   */
  reviewsPage?: ReviewsPage;
  /** GET /api/gallery. */
  gallery: GalleryItem[];
  /** GET /api/identity-settings (whether the login page offers Google). */
  identitySettings: IdentitySettings;
};

/** The id of the script element (type application/json) that carries a page's PageData. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * What the web's server entry returns for one URL: the markup of the root element, the status
 * (404 for the not-found page), the page's title, and which page it is (a key of the web's
 * public pages, e.g. 'login'), by which the server names the page's script files in its <head>.
 */
export type RenderedPage = { status: number; html: string; title: string; page?: string };

/**
 * Where the web's browser build lists each public page's script files (under web/dist, in a
 * folder the server never serves): JSON, { [page]: ['/assets/...js', ...] }, the page named as
 * RenderedPage.page names it.
 */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/**
 * The name of the meta element in a page's head that lists its script files, space-separated
 * (from PAGE_PRELOADS_FILE); the web's entry asks the browser for them (web/src/app/page-scripts.ts).
 */
export const PAGE_SCRIPTS_META_NAME = 'page-scripts';

/** The web's server entry (web/src/entry-server.tsx, built to web/dist-ssr/entry-server.js). */
export type RenderPage = (url: string, data: PageData) => Promise<RenderedPage>;
