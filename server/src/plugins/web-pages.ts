import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ALL_TOOLS_SLUG,
  PAGE_PRELOADS_FILE,
  REVIEWS_PAGE_SIZE,
  reviewsPageOf,
  routes,
  type CategoryToolsPage,
  type CategoryTree,
  type GalleryItem,
  type IdentitySettings,
  type PageData,
  type RenderedPage,
  type RenderPage,
  type Review,
  type Tool,
} from '@tools-factory/contract';
import type { CatalogBodies, CatalogReader } from '../catalog/catalog-snapshot.ts';
import { listOfBody, prepareBody, pickEncoding, type PreparedBody } from './preserialized.ts';
import {
  fillPageTemplate,
  pageDataScriptText,
  parsePageTemplate,
  type PageTemplate,
} from './web-page-html.ts';
import { INDEX_CACHE, registerWebStatic, sendIndexShell } from './web-static.ts';

/** The public pages with a route of their own here (the rest arrive through the not-found handler). */
const PUBLIC_PAGE_PATHS: readonly string[] = [
  routes.home,
  routes.homeAlias,
  routes.about,
  routes.blogs,
  routes.login,
  routes.signup,
];
const PURCHASE_PREFIX = routes.purchase('');
const CATEGORY_PREFIX = routes.category('');
/** Paths whose page depends on who is signed in (or on a link's token): the shell renders them. */
const SHELL_PAGE_PATHS: readonly string[] = [routes.resetPassword, routes.myProfileInfo];
/** The dashboard and everything below it; '/dashboard' is the web app's alias for it. */
const SHELL_PAGE_PREFIXES: readonly string[] = [routes.dashboard, '/dashboard'];

/** Searches of the home page (`/?q=..&sort=..`) kept per catalog version. */
const MAX_SEARCH_PAGES_KEPT = 256;
/** Category pages (`/category/hammers?material=steel&page=2`) kept per catalog version. */
const MAX_CATEGORY_PAGES_KEPT = 256;
/** Other rendered URLs (not-found pages, unknown tools, odd spellings) kept per catalog version. */
const MAX_OTHER_PAGES_KEPT = 64;

/** A rendered page, ready to send as is; or the shell, when it could not be rendered. */
type PageAnswer = { status: number; body: PreparedBody } | typeof SHELL | typeof NOT_RENDERED;
/** Rendering failed for this version: the shell is sent (and kept, so the error is logged once). */
const SHELL = 'shell';
/** No server entry (the web is built without it, or it failed to load): the shell, not kept. */
const NOT_RENDERED = 'not-rendered';

/** Each public page's script files, from the web's build (PAGE_PRELOADS_FILE). */
type PagePreloads = ReadonlyMap<string, readonly string[]>;

type Renderer = { render: RenderPage; template: PageTemplate; preloads: PagePreloads };

/**
 * The build's list of each page's script files; none (no list in the pages, which work as they
 * did) when the build has no list or an unreadable one.
 */
async function readPagePreloads(webDistDir: string, log: FastifyBaseLogger): Promise<PagePreloads> {
  const file = path.join(webDistDir, PAGE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  try {
    const listed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof listed !== 'object' || listed === null) throw new Error('not an object');
    return new Map(
      Object.entries(listed).map(([page, files]) => {
        if (!Array.isArray(files) || !files.every((name) => typeof name === 'string')) {
          throw new Error(`page ${page}: not a list of file names`);
        }
        return [page, files as string[]];
      }),
    );
  } catch (error) {
    log.warn({ err: error, file }, 'web pages: the list of page scripts is unreadable; ignored');
    return new Map();
  }
}

/** A map that forgets its oldest entry past `limit`. */
class BoundedMap<Key, Value> extends Map<Key, Value> {
  readonly limit: number;
  constructor(limit: number) {
    super();
    this.limit = limit;
  }
  override set(key: Key, value: Value): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

/** A page's answer, kept with what it was rendered from. */
type KeptPage = { sources: readonly unknown[]; answer: PageAnswer | Promise<PageAnswer> };

/**
 * What a page is rendered from: its data, and the objects of the catalog snapshot it was taken
 * from (the tools it lists or its one tool, the category tree, the reviews, the gallery). The
 * page is rendered again only when one of them is replaced: an order that moves one tool's stock
 * renders again that tool's page and the lists that show it, never the pages of the others.
 */
type PageSources = { data: () => PageData; sources: readonly unknown[]; tool?: Tool };

/** How many purchase pages are kept: the popular tools', not one per tool of a big catalog. */
const MAX_TOOL_PAGES_KEPT = 1024;

/**
 * What the category pages and the home page show of the tree (issue 43), from the categories
 * module (wired in app.ts: this plugin imports no module).
 */
export type CategoryPages = {
  /** GET /api/categories's answer for these bodies. */
  tree(bodies: CatalogBodies): CategoryTree;
  /**
   * GET /api/categories/{slug}/tools's answer for a URL's search; undefined when the call
   * refuses it (the page then asks the API, and shows why).
   */
  toolsPage(
    bodies: CatalogBodies,
    slug: string,
    search: URLSearchParams,
  ): CategoryToolsPage | undefined;
};

export type WebPagesOptions = {
  webDistDir: string;
  /** The web's built server entry (config.webSsrEntry), exporting `render: RenderPage`. */
  ssrEntry: string;
  catalog: CatalogReader;
  categoryPages: CategoryPages;
  identitySettings: IdentitySettings;
  log: FastifyBaseLogger;
};

/** GET /api/tool/{id}'s answer, read back from its bytes as listOfBody reads a list. */
const toolsOfBodies = new WeakMap<PreparedBody, Tool>();
function toolOf(body: PreparedBody): Tool {
  let tool = toolsOfBodies.get(body);
  if (!tool) {
    tool = JSON.parse(body.identity.toString('utf8')) as Tool;
    toolsOfBodies.set(body, tool);
  }
  return tool;
}

function sameSources(kept: readonly unknown[], now: readonly unknown[]): boolean {
  return kept.length === now.length && kept.every((source, index) => source === now[index]);
}

function pathnameOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The client router matches paths case-insensitively, decoded, trailing slash or not: so does
 * this check, or an odd spelling of a dashboard path would be rendered signed out.
 */
function isShellPage(pathname: string): boolean {
  let normalised = pathname.toLowerCase();
  try {
    normalised = decodeURIComponent(normalised);
  } catch {
    // A malformed escape: the client router cannot match it either (not-found page).
  }
  normalised = normalised.replace(/\/+$/, '');
  return (
    SHELL_PAGE_PATHS.some((shellPath) => normalised === shellPath.toLowerCase()) ||
    SHELL_PAGE_PREFIXES.some((prefix) => {
      const lowered = prefix.toLowerCase();
      return normalised === lowered || normalised.startsWith(`${lowered}/`);
    })
  );
}

function isRenderedPage(value: unknown): value is RenderedPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<RenderedPage>;
  return (
    typeof page.html === 'string' &&
    typeof page.title === 'string' &&
    (page.page === undefined || typeof page.page === 'string') &&
    Number.isInteger(page.status) &&
    (page.status ?? 0) >= 200 &&
    (page.status ?? 0) <= 599
  );
}

/**
 * Sends a rendered page as the catalog's prepared bodies are sent (sendPrepared): the bytes and
 * their compressed forms were made once, for every visitor. Only a 200 page is validated by ETag
 * (RFC 9110: preconditions are ignored where the answer would not be 2xx).
 */
function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { status: number; body: PreparedBody },
): FastifyReply {
  const { body } = page;
  reply.code(page.status);
  reply.header('content-type', 'text/html; charset=utf-8');
  reply.header('cache-control', INDEX_CACHE);
  if (body.gzip) reply.header('vary', 'accept-encoding');
  if (page.status === 200) {
    reply.header('etag', body.etag);
    if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  }
  const encoding = pickEncoding(request.headers['accept-encoding'], body);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
}

/**
 * The public pages rendered on the server (docs/architecture.md#pages): the web's server entry
 * renders each URL from the catalog snapshot once per catalog version; the HTML, compressed, is
 * kept and sent to every visitor until the catalog changes, so GET / costs what a static file
 * costs. The protected app's pages keep getting the plain index.html (they depend on who is signed
 * in), and so does every page while the entry is missing or when a render fails (the app then
 * renders in the browser as before).
 */
export async function registerWebPages(
  app: FastifyInstance,
  options: WebPagesOptions,
): Promise<void> {
  const { catalog, categoryPages, identitySettings, log } = options;
  const indexFile = path.join(path.resolve(options.webDistDir), 'index.html');
  let renderer: Promise<Renderer | undefined> | undefined;
  /** The public pages: as many as their paths. */
  const keptPages = new Map<string, KeptPage>();
  const toolPages = new BoundedMap<string, KeptPage>(MAX_TOOL_PAGES_KEPT);
  const searchPages = new BoundedMap<string, KeptPage>(MAX_SEARCH_PAGES_KEPT);
  const keptCategoryPages = new BoundedMap<string, KeptPage>(MAX_CATEGORY_PAGES_KEPT);
  const otherPages = new BoundedMap<string, KeptPage>(MAX_OTHER_PAGES_KEPT);

  /**
   * The entry and the index.html it renders into, loaded once per start (they come from the same
   * build). Not built yet: the shell, and the next page asks again.
   */
  function loadRenderer(): Promise<Renderer | undefined> {
    if (renderer) return renderer;
    if (!existsSync(options.ssrEntry) || !existsSync(indexFile)) return Promise.resolve(undefined);
    renderer = (async () => {
      try {
        const template = parsePageTemplate(await readFile(indexFile, 'utf8'));
        const entry: unknown = await import(pathToFileURL(options.ssrEntry).href);
        const render = (entry as { render?: unknown }).render;
        if (typeof render !== 'function') throw new Error('the entry exports no render function');
        const preloads = await readPagePreloads(path.resolve(options.webDistDir), log);
        return { render: render as RenderPage, template, preloads };
      } catch (error) {
        log.error(
          { err: error, entry: options.ssrEntry },
          'web pages: the server entry did not load; pages are sent unrendered',
        );
        return undefined;
      }
    })();
    return renderer;
  }

  /** What the page at `url` shows of the catalog as it is now. */
  function pageSources(bodies: CatalogBodies, url: string): PageSources {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const categories = categoryPages.tree(bodies);
    const shared = [categories, bodies.gallery];
    const withShared = (
      data: Pick<PageData, 'tools' | 'tool' | 'categoryTools' | 'reviewsPage'>,
    ): PageData => ({
      ...data,
      gallery: [...listOfBody<GalleryItem>(bodies.gallery)],
      identitySettings,
      categories,
    });
    // A list of tools shows their stock: rendered again with every version of the catalog.
    const listed = [bodies.tools, ...shared];
    if (pathname.startsWith(CATEGORY_PREFIX)) {
      let slug = pathname.slice(CATEGORY_PREFIX.length);
      try {
        slug = decodeURIComponent(slug);
      } catch {
        // A malformed escape names no category: the page says so.
      }
      const categoryTools = categoryPages.toolsPage(bodies, slug, searchParams);
      return { data: () => withShared(categoryTools ? { categoryTools } : {}), sources: listed };
    }
    if (pathname === routes.home || pathname === routes.homeAlias) {
      // Above HOME_PAGE_TOOLS_LIMIT tools on sale, the first page of every tool, not every tool;
      // the newest reviews, not every review (Show more asks GET /api/review/page for the rest).
      const home = (): Pick<PageData, 'tools' | 'categoryTools' | 'reviewsPage'> => {
        const reviewsPage = reviewsPageOf(listOfBody<Review>(bodies.reviews), 1, REVIEWS_PAGE_SIZE);
        if (categories.homeShowsEveryTool) return { tools: [...bodies.tools], reviewsPage };
        const first = categoryPages.toolsPage(bodies, ALL_TOOLS_SLUG, new URLSearchParams());
        return first ? { categoryTools: first, reviewsPage } : { reviewsPage };
      };
      return { data: () => withShared(home()), sources: [...listed, bodies.reviews] };
    }
    const toolBody = pathname.startsWith(PURCHASE_PREFIX)
      ? bodies.toolBody(pathname.slice(PURCHASE_PREFIX.length))
      : undefined;
    if (toolBody) {
      const tool = toolOf(toolBody);
      return { data: () => withShared({ tool }), sources: [toolBody, ...shared], tool };
    }
    return { data: () => withShared({}), sources: shared };
  }

  /** Where the page at `url` is kept. */
  function keptFor(url: string, sources: PageSources): Map<string, KeptPage> {
    const query = url.indexOf('?');
    if (query === -1) {
      if (PUBLIC_PAGE_PATHS.includes(url)) return keptPages;
      if (sources.tool) return toolPages;
    } else {
      const pathname = url.slice(0, query);
      if (pathname === routes.home || pathname === routes.homeAlias) return searchPages;
    }
    if (url.startsWith(CATEGORY_PREFIX)) return keptCategoryPages;
    return otherPages;
  }

  async function renderPage(url: string, sources: PageSources): Promise<PageAnswer> {
    const loaded = await loadRenderer();
    if (!loaded) return NOT_RENDERED;
    try {
      const data = sources.data();
      const page: unknown = await loaded.render(url, data);
      if (!isRenderedPage(page)) throw new Error('render answered no { status, html, title }');
      const scriptFiles = (page.page && loaded.preloads.get(page.page)) || [];
      const dataScriptText = pageDataScriptText(data);
      const html = fillPageTemplate(loaded.template, page, dataScriptText, scriptFiles);
      return { status: page.status, body: await prepareBody(Buffer.from(html, 'utf8')) };
    } catch (error) {
      log.error({ err: error, url }, 'web pages: rendering failed; the page is sent unrendered');
      return SHELL;
    }
  }

  /**
   * The answer for a URL: kept while what it shows is unchanged, or rendered now (once, however
   * many ask).
   */
  function pageAnswer(url: string): PageAnswer | Promise<PageAnswer> {
    const sources = pageSources(catalog.current(), url);
    const pages = keptFor(url, sources);
    const kept = pages.get(url);
    if (kept && sameSources(kept.sources, sources.sources)) return kept.answer;
    const rendering = renderPage(url, sources);
    const entry: KeptPage = { sources: sources.sources, answer: rendering };
    pages.set(url, entry);
    // Once ready, the answer itself replaces the promise: later visitors wait for nothing.
    void rendering.then((answer) => {
      if (pages.get(url) !== entry) return;
      if (answer === NOT_RENDERED) pages.delete(url);
      else entry.answer = answer;
    });
    return rendering;
  }

  function send(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer): FastifyReply {
    if (answer === SHELL || answer === NOT_RENDERED) return sendIndexShell(reply, indexFile);
    return sendRenderedPage(request, reply, answer);
  }

  /** A public page: kept or rendered, never waiting when kept (the hot path of GET /). */
  function sendPublicPage(
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | Promise<FastifyReply> {
    const answer = pageAnswer(request.url);
    if (answer instanceof Promise) return answer.then((ready) => send(request, reply, ready));
    return send(request, reply, answer);
  }

  /** Any other page (from the not-found handler): the shell for the protected app's. */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | Promise<FastifyReply> {
    if (isShellPage(pathnameOf(request.url))) return sendIndexShell(reply, indexFile);
    return sendPublicPage(request, reply);
  }

  await registerWebStatic(app, { webDistDir: options.webDistDir, sendPage });

  // Routes of their own (rather than the not-found handler) keep the hottest pages one lookup
  // away; the static plugin's wildcard would otherwise answer '/' with the plain index.html.
  for (const pagePath of [...PUBLIC_PAGE_PATHS, routes.purchase(':id'), routes.category(':slug')]) {
    app.get(pagePath, { schema: { hide: true }, compress: false }, sendPublicPage);
  }
}
