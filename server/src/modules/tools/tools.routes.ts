import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ArchivedToolListSchema,
  CreateToolResponseSchema,
  StockAdjustedSchema,
  StockAdjustmentSchema,
  StockMovementListSchema,
  UpdateToolSchema,
  CreateToolSchema,
  DeletedCountSchema,
  IdParamsSchema,
  MANAGE_TOOLS_COUNT_CAP,
  MANAGE_TOOLS_MAX_PAGE_SIZE,
  MANAGE_TOOLS_PAGE_SIZE,
  ManageToolsPageQuerySchema,
  ManageToolsPageSchema,
  MAX_PRICE_BREAKS,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_MATCHES,
  MAX_SEARCH_PAGE,
  SEARCH_PAGE_SIZE,
  SearchQuerySchema,
  searchErrors,
  searchTools,
  searchWords,
  serverTexts,
  ToolListSchema,
  ToolSchema,
  ToolStockListSchema,
  ToolSearchPageSchema,
  ToolSearchQuerySchema,
  type ToolSearchPage,
  ToolStockSchema,
  UpdateLowStockThresholdSchema,
  UpdatePriceBreaksSchema,
} from '@tools-factory/contract';
import {
  searchedParts,
  toolsWithIds,
  type CatalogBodies,
  type CatalogReader,
} from '../../catalog/catalog-snapshot.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import { keepCatalogAnswer, noteAnsweredFrom } from '../../plugins/catalog-answers.ts';
import { prepareJsonBodyLazily, sendPrepared } from '../../plugins/preserialized.ts';
import { createFoundSearches } from './found-searches.ts';
import type { ToolSearchService } from './tool-search.service.ts';
import type { ToolsService } from './tools.service.ts';
import { guardOf, publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/**
 * The catalog: reads are answered from the catalog snapshot, never from a query per request;
 * writes (Add Product, Manage Tools' Remove and price breaks) are for admins and rebuild that snapshot.
 * The low-stock thresholds (Manage Tools) are the admins' alone, read from the database.
 */
export const toolsRoutes: FastifyPluginAsyncZod<{
  tools: ToolsService;
  search: ToolSearchService;
  catalog: CatalogReader;
  guards: AuthGuards;
  /** Searches one client may make a minute (SEARCH_RATE_LIMIT, config.ts). */
  searchesPerMinute: number;
}> = async (app, options) => {
  const { tools, search, catalog, guards, searchesPerMinute } = options;
  const found = createFoundSearches(search.find);
  /** GET /parts?q='s search: every match, kept for the build of `bodies`. */
  const findIdsIn = (bodies: CatalogBodies) => (q: string) =>
    found(bodies.build, q).then((matches) => matches.ids);
  const limitSearches = app.rateLimit({
    max: searchesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `search:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: searchErrors.tooManySearches,
    }),
  });
  /**
   * Counts a search that will reach the database. When the count cannot be kept (the limits'
   * Redis does not answer) the search goes on: a public read, and the catalog's own kept
   * answers, not the limit, are what keeps popular searches cheap.
   */
  const countSearch = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await limitSearches.call(app, request, reply);
    } catch (error) {
      // The limit's own refusal is the plain object its errorResponseBuilder made.
      if (!(error instanceof Error) || error instanceof HttpError) throw error;
      request.log.error({ err: error }, 'rate limit: could not count a search');
    }
  };

  app.get(
    apiPaths.parts,
    {
      onRequest: publicRoute('GET /api/parts'),
      preHandler: async (request, reply) => {
        if (request.query.q) await countSearch(request, reply);
      },
      schema: {
        operationId: 'listTools',
        tags: ['catalog'],
        summary: 'The tools on sale',
        description: `Without \`q\` and \`sort\`, every tool on sale in the catalog order. \`q\` (plain text, any case, at most ${MAX_SEARCH_LENGTH} characters) finds what GET /api/search finds, every match and no page: a SKU or the start of one (one word with a digit or one of . _ - /) the tools whose SKU starts so, the whole SKU first; else the tools holding every word in any order (any part of the name, SKU or description, or the word's English stem, the last word also as the start of one), the best first (a word in the name before one in the description, then by name); when that finds nothing, words of letters that no tool holds are replaced by the nearest word of the catalog ('hamer' finds hammers). \`sort\` orders them by \`name\` (A to Z), \`price\` (the lowest unit price, low to high), \`price-desc\` (high to low) or \`available\` (most in stock first), ties keeping the catalog order. 400 for an unknown sort or a longer \`q\`. A search counts towards a client's ${searchesPerMinute} a minute with GET /api/search's (429 in words past them) unless its answer was kept since the catalog last changed.`,
        querystring: SearchQuerySchema,
        response: { 200: ToolListSchema, ...errorResponses(400, 429) },
      },
      compress: false,
      // The same public data for everyone: keeps its caching (no-cache and an ETag).
      config: { publicCache: true },
      // Its answers are kept with the catalog version, and sent again before any routing.
      onSend: keepCatalogAnswer,
    },
    (request, reply) => {
      const bodies = catalog.current();
      noteAnsweredFrom(request, bodies);
      const body = searchedParts(bodies, request.query, findIdsIn(bodies));
      if (!(body instanceof Promise)) return sendPrepared(request, reply, body);
      return body.then((ready) => sendPrepared(request, reply, ready));
    },
  );

  app.get(
    apiPaths.search,
    {
      onRequest: publicRoute('GET /api/search'),
      preHandler: countSearch,
      schema: {
        operationId: 'searchTools',
        tags: ['catalog'],
        summary: 'A page of the tools a search finds, ranked',
        description: `What GET /api/parts?q= finds, a page of ${SEARCH_PAGE_SIZE} at a time: the best first, or by \`sort\` (as GET /api/parts sorts; the best ${MAX_SEARCH_MATCHES} matches are sorted). \`total\` counts every match; \`capped\` says that only the best ${MAX_SEARCH_MATCHES} can be paged through. \`corrected\` lists the words that found nothing and the catalog's words searched instead ('hamer', 'hammer'): the tools are those of the corrected words. \`q\` as the server read it (lower case, single spaces); without words, no tool. \`page\` from 1 to ${MAX_SEARCH_PAGE}. 400 in words for a \`q\` over ${MAX_SEARCH_LENGTH} characters, an unknown sort or a page that is not a whole number in range; 404 in words for a page past the last; 429 in words past ${searchesPerMinute} searches a minute from one client (with GET /api/parts?q=), a search answered since the catalog last changed not counted.`,
        querystring: ToolSearchQuerySchema,
        response: { 200: ToolSearchPageSchema, ...errorResponses(400, 404, 429) },
      },
      compress: false,
      // The same public data for everyone: keeps its caching (no-cache and an ETag).
      config: { publicCache: true },
      // Its answers are kept with the catalog version, and sent again before any routing: a
      // popular search costs the database once per catalog change (docs/decisions/028, 057).
      onSend: keepCatalogAnswer,
    },
    async (request, reply) => {
      const { q, sort, page } = request.query;
      const bodies = catalog.current();
      noteAnsweredFrom(request, bodies);
      const words = searchWords(q).join(' ');
      const matches = words
        ? await found(bodies.build, words, MAX_SEARCH_MATCHES)
        : { ids: [], total: 0, corrected: [] };
      const pageCount = Math.max(1, Math.ceil(matches.ids.length / SEARCH_PAGE_SIZE));
      if (page > pageCount) throw notFound(searchErrors.noSuchPage(page, pageCount));
      const [start, end] = [(page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE];
      // Sorted, every match is needed; else only the page's tools.
      const shown = sort
        ? searchTools(toolsWithIds(bodies, matches.ids, true), { sort }).slice(start, end)
        : toolsWithIds(bodies, matches.ids.slice(start, end));
      const answer: ToolSearchPage = {
        q: words,
        tools: shown,
        total: matches.total,
        capped: matches.total > matches.ids.length,
        page,
        pageCount,
        pageSize: SEARCH_PAGE_SIZE,
        sort: sort ?? null,
        corrected: matches.corrected,
      };
      return sendPrepared(request, reply, await prepareJsonBodyLazily(answer));
    },
  );

  app.get(
    apiPaths.tool.pattern,
    {
      onRequest: publicRoute('GET /api/tool/:id'),
      schema: {
        operationId: 'getTool',
        tags: ['catalog'],
        summary: 'One tool on sale',
        params: IdParamsSchema,
        response: { 200: ToolSchema, ...errorResponses(404) },
      },
      compress: false,
      // The same public data for everyone: keeps its caching (no-cache and an ETag).
      config: { publicCache: true },
      // Its answers are kept with the catalog version, and sent again before any routing.
      onSend: keepCatalogAnswer,
    },
    (request, reply) => {
      // Unknown and malformed ids alike are simply absent from the snapshot.
      const bodies = catalog.current();
      noteAnsweredFrom(request, bodies);
      const body = bodies.toolBody(request.params.id.toLowerCase());
      if (!body) throw notFound(serverTexts.apiErrors.toolNotFound);
      return sendPrepared(request, reply, body);
    },
  );

  app.post(
    apiPaths.addTool,
    {
      onRequest: guardOf(guards, 'POST /api/tool'),
      schema: {
        operationId: 'addTool',
        tags: ['catalog'],
        summary: 'Add a tool (Add Product)',
        description:
          'Admins only. The price is above 0, the minimum order quantity at least 1, the available quantity above the minimum, the image an https URL or a path on this site. Names are unique among the tools on sale, whatever their case (409). `sku` (optional: letters and digits with . _ - / between, at most 32 characters) is unique among all tools, removed ones too, whatever its case (409 naming it); without one the tool gets `TL-` and eight characters of its id. The tool is in GET /parts once this answers. Answers 200, as the original did.',
        body: CreateToolSchema,
        response: { 200: CreateToolResponseSchema, ...errorResponses(400, 409) },
      },
      config: { allFieldErrors: true },
    },
    async (request) => {
      const added = await tools.addTool(request.body);
      request.auditAdminAction('tool.add', added.insertedId);
      return added;
    },
  );

  app.put(
    apiPaths.priceBreaks.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/tool/:id/priceBreaks'),
      schema: {
        operationId: 'setPriceBreaks',
        tags: ['catalog'],
        summary: 'Set the price breaks of a tool (Manage Tools)',
        description: `Admins only. Replaces the tool's whole set of price breaks (an empty list removes them all): from \`minQuantity\` units, \`price\` each. Each break starts above the minimum order quantity and costs less than the list price, no two start at the same quantity, a larger quantity costs less, and there are at most ${MAX_PRICE_BREAKS} (400 otherwise). 404 for a tool that is not on sale. Orders placed before keep their price; GET /parts shows the new breaks once this answers.`,
        params: IdParamsSchema,
        body: UpdatePriceBreaksSchema,
        response: { 200: ToolSchema, ...errorResponses(400, 404) },
      },
      config: { allFieldErrors: true },
    },
    async (request) => {
      const tool = await tools.setPriceBreaks(request.params.id, request.body);
      request.auditAdminAction('tool.price-breaks', tool._id);
      return tool;
    },
  );

  app.put(
    apiPaths.lowStockThreshold.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/tool/:id/lowStockThreshold'),
      schema: {
        operationId: 'setLowStockThreshold',
        tags: ['catalog'],
        summary: 'Set the low-stock threshold of a tool (Manage Tools)',
        description:
          "Admins only. `lowStockThreshold`: a whole number of units from 0 (0 turns the alert off), or null for the default, 3 x the tool's minimum order quantity. When an order takes the tool's available stock from at or above the threshold to below it, every ADMIN_EMAILS address gets one e-mail; the next crossing, after the stock is back at or above it, sends again. 404 for a tool that is not on sale. Answers the tool's stock as GET /manageTools/stock lists it.",
        params: IdParamsSchema,
        body: UpdateLowStockThresholdSchema,
        response: { 200: ToolStockSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const stock = await tools.setLowStockThreshold(request.params.id, request.body);
      request.auditAdminAction('tool.low-stock-threshold', request.params.id);
      return stock;
    },
  );

  app.get(
    apiPaths.toolStock,
    {
      onRequest: guardOf(guards, 'GET /api/manageTools/stock'),
      schema: {
        operationId: 'listToolStock',
        tags: ['catalog'],
        summary: 'The stock of every tool on sale, with its low-stock threshold (Manage Tools)',
        description:
          "Admins only. Every tool on sale, in the catalog's order: what is available, its low-stock threshold (`custom` false when it is the default, 3 x the minimum order quantity) and whether the stock is below it now (`low`).",
        response: { 200: ToolStockListSchema },
      },
    },
    async () => tools.listStock(),
  );

  app.get(
    apiPaths.manageToolsPage,
    {
      onRequest: guardOf(guards, 'GET /api/manageTools/page'),
      schema: {
        operationId: 'pageManagedTools',
        tags: ['catalog'],
        summary: 'The tools on sale with their stock, a page at a time (Manage Tools)',
        description: `Admins only (issue 43). The tools on sale in the catalog's order, as GET /parts lists them (oldest first, then by name), each as GET /parts shows it, with its stock and low-stock threshold in \`stock\` as GET /manageTools/stock shows them (the page's tools, in their order). \`q\` (at most ${MAX_SEARCH_LENGTH} characters) keeps the tools whose name, SKU or description holds every word, any case, as typed. \`pageSize\` 1 to ${MANAGE_TOOLS_MAX_PAGE_SIZE} (default ${MANAGE_TOOLS_PAGE_SIZE}); \`total\` counts the tools that match, up to ${MANAGE_TOOLS_COUNT_CAP.toLocaleString('en-US')} (beyond, \`capped\` is true and \`total\` is that cap). \`next\` (null on the last page) is the \`after\` of the next page, which starts there however deep (keyset on the time, name and id, not counted from the first); an \`after\` that no page answered is refused (400). GET /parts and GET /manageTools/stock stay whole.`,
        querystring: ManageToolsPageQuerySchema,
        response: { 200: ManageToolsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => tools.pageManagedTools(request.query),
  );

  app.put(
    apiPaths.editTool.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/manageTools/:id'),
      schema: {
        operationId: 'editTool',
        tags: ['catalog'],
        summary: 'Edit a tool (Manage Tools)',
        description:
          "Admins only. The tool's name, description, image, list price, minimum order quantity and SKU (optional: left as it is when not sent), by Add Product's rules; a 400 lists every field's problem at once in `fieldErrors` (`message` is the first). The tool's price breaks must still fit the new list price and minimum (400 otherwise); its stock, breaks and low-stock threshold have their own calls. Names are unique among the tools on sale, and SKUs among all tools, whatever their case (409). 404 for a tool that is not on sale. GET /parts shows the change once this answers; orders placed before keep their snapshot.",
        params: IdParamsSchema,
        body: UpdateToolSchema,
        response: { 200: ToolSchema, ...errorResponses(400, 404, 409) },
      },
      config: { allFieldErrors: true },
    },
    async (request) => {
      const tool = await tools.updateTool(request.params.id, request.body);
      request.auditAdminAction('tool.edit', tool._id);
      return tool;
    },
  );

  app.post(
    apiPaths.toolStockMovements.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageTools/:id/stock'),
      schema: {
        operationId: 'adjustToolStock',
        tags: ['catalog'],
        summary: "Restock or adjust a tool's stock (Manage Tools)",
        description:
          "Admins only. `delta` units into the available stock (negative: out; not 0), with a `reason` (received, counted, damaged) and an optional `note` (at most 200 characters). The stock moves in one conditional UPDATE, queued with the orders' reservations, never below zero and never above 2,147,483,647 units (the largest whole number the database stores): removing more than is in stock, or adding past that, is a 400 in words. The movement is kept (who, when, delta, reason, note, stock after); a removal that takes the stock below the tool's low-stock threshold e-mails the staff once, as an order's would. 404 for a tool that is not on sale. GET /parts shows the new stock once this answers.",
        params: IdParamsSchema,
        body: StockAdjustmentSchema,
        response: { 200: StockAdjustedSchema, ...errorResponses(400, 404) },
      },
      config: { allFieldErrors: true },
    },
    async (request) => {
      const caller = callerOf(request);
      const adjusted = await tools.adjustStock(request.params.id, request.body, caller);
      request.auditAdminAction('tool.stock', request.params.id);
      return adjusted;
    },
  );

  app.get(
    apiPaths.toolStockMovements.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/manageTools/:id/stock'),
      schema: {
        operationId: 'listToolStockMovements',
        tags: ['catalog'],
        summary: "A tool's stock movements by hand, newest first (Manage Tools)",
        description:
          'Admins only. Every restock and adjustment of the tool (removed tools too): when, by how much, why, the note, the stock it left and who made it (their e-mail, null once their account was removed). 404 for an unknown tool.',
        params: IdParamsSchema,
        response: { 200: StockMovementListSchema, ...errorResponses(404) },
      },
    },
    async (request) => tools.listStockMovements(request.params.id),
  );

  app.get(
    apiPaths.archivedTools,
    {
      onRequest: guardOf(guards, 'GET /api/manageTools/archived'),
      schema: {
        operationId: 'listArchivedTools',
        tags: ['catalog'],
        summary: 'The removed tools (Manage Tools)',
        description:
          'Admins only. Every removed (archived) tool, the most recently removed first, as it was when removed, with `archivedAt`: what Restore can put back on sale.',
        response: { 200: ArchivedToolListSchema },
      },
    },
    async () => tools.listArchived(),
  );

  app.post(
    apiPaths.restoreTool.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageTools/:id/restore'),
      schema: {
        operationId: 'restoreTool',
        tags: ['catalog'],
        summary: 'Restore a removed tool (Manage Tools)',
        description:
          'Admins only. Puts a removed tool back on sale with its stock, price breaks and threshold as they were; it is in GET /parts once this answers. 404 for an unknown tool or one on sale; 409 when a tool on sale has its name meanwhile.',
        params: IdParamsSchema,
        response: { 200: ToolSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const tool = await tools.restoreTool(request.params.id);
      request.auditAdminAction('tool.restore', tool._id);
      return tool;
    },
  );

  app.delete(
    apiPaths.deleteTool.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/deleteTols/:id'),
      schema: {
        operationId: 'removeTool',
        tags: ['catalog'],
        summary: 'Remove a tool (Manage Tools)',
        description:
          'Admins only. Archives the tool: it leaves GET /parts at once; its orders keep their snapshot of its name, image and price. `deletedCount` is 1, or 0 for an unknown or already removed tool.',
        params: IdParamsSchema,
        response: { 200: DeletedCountSchema },
      },
    },
    async (request) => {
      const removed = await tools.removeTool(request.params.id);
      if (removed.deletedCount > 0) request.auditAdminAction('tool.remove', request.params.id);
      return removed;
    },
  );
};
