import {
  CreateToolSchema,
  defaultLowStockThreshold,
  MANAGE_TOOLS_PAGE_SIZE,
  searchWords,
  priceBreaksProblem,
  sortPriceBreaks,
  UpdateLowStockThresholdSchema,
  UpdatePriceBreaksSchema,
  type ManageToolsPage,
  type Tool,
  type ToolStock,
} from '@tools-factory/contract';
import { fakeIdentityServer } from '../../../test/identity';
import { type Answer, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/render';

/**
 * GET /api/manageTools/page as the server answers it: the tools holding every word of `q`, a
 * page from `after` (here the id of the row before: the web never reads a cursor), counted up to
 * `countCap` (MANAGE_TOOLS_COUNT_CAP on the server).
 */
function managedToolsPage(
  tools: Array<[Tool, ToolStock]>,
  url: string,
  countCap: number,
): ManageToolsPage {
  const params = new URL(url, 'http://localhost').searchParams;
  const words = searchWords(params.get('q') ?? '');
  const found = tools.filter(([tool]) =>
    words.every((word) => `${tool.name} ${tool.sku} ${tool.desc}`.toLowerCase().includes(word)),
  );
  const after = params.get('after');
  const start = after ? found.findIndex(([tool]) => tool._id === after) + 1 : 0;
  const size = Number(params.get('pageSize') ?? MANAGE_TOOLS_PAGE_SIZE);
  const page = found.slice(start, start + size);
  const last = page.at(-1);
  return {
    tools: page.map(([tool]) => tool),
    stock: page.map(([, stock]) => stock),
    total: Math.min(found.length, countCap),
    capped: found.length > countCap,
    next: last && start + size < found.length ? last[0]._id : null,
  };
}

const NEW_TOOL_ID = '5e6f7a8b-3333-4444-8555-666677778888';

/**
 * The admin calls of Add Product and Manage Tools on the catalog held here, as the server answers
 * them (admins only, so every call here is an admin's). `answer` sees each call first and may
 * answer it otherwise (a refusal, a call that never ends).
 */
export function toolsServer({
  tools: initialTools = [],
  thresholds: initialThresholds = {},
  countCap = 10_000,
  answer = () => undefined,
}: {
  tools?: Tool[];
  /** Low-stock thresholds set by an admin, by tool id; the others have the default. */
  thresholds?: Record<string, number>;
  /** How many tools Manage Tools' pages count at most. */
  countCap?: number;
  answer?: (request: ApiRequest) => Answer;
} = {}) {
  const store = {
    tools: [...initialTools],
    thresholds: new Map<string, number | null>(Object.entries(initialThresholds)),
  };
  const stockOf = (tool: Tool): ToolStock => {
    const own = store.thresholds.get(tool._id) ?? null;
    const lowStockThreshold = own ?? defaultLowStockThreshold(tool.minOrderQuantity);
    return {
      toolId: tool._id,
      availableQuantity: tool.availableQuantity,
      lowStockThreshold,
      custom: own !== null,
      low: tool.availableQuantity < lowStockThreshold,
    };
  };
  const { server } = fakeIdentityServer({
    answer: async (request) => {
      const special = await answer(request);
      if (special) return special;
      const { method, url, body } = request;
      if (method === 'GET' && url === '/api/parts') return jsonResponse(store.tools);
      if (method === 'POST' && url === '/api/tool') {
        // The fake keeps no category nor attributes (the category pages have their own tests).
        const {
          category: _category,
          attributes: _attributes,
          ...parsed
        } = CreateToolSchema.parse(body);
        const tool = { _id: NEW_TOOL_ID, ...parsed, sku: parsed.sku ?? 'TL-NEW' };
        store.tools.push(tool);
        return jsonResponse({ acknowledged: true, insertedId: tool._id, tool });
      }
      const breaksOf = /^\/api\/tool\/(.+)\/priceBreaks$/.exec(url)?.[1];
      if (method === 'PUT' && breaksOf) {
        const tool = store.tools.find((candidate) => candidate._id === breaksOf);
        if (!tool) return jsonResponse({ message: 'Tool not found', statusCode: 404 }, 404);
        const { priceBreaks } = UpdatePriceBreaksSchema.parse(body);
        const problem = priceBreaksProblem(priceBreaks, tool);
        if (problem) return jsonResponse({ message: problem, statusCode: 400 }, 400);
        const updated = { ...tool, priceBreaks: sortPriceBreaks(priceBreaks) };
        store.tools = store.tools.map((candidate) => (candidate === tool ? updated : candidate));
        return jsonResponse(updated);
      }
      if (method === 'GET' && url === '/api/manageTools/stock') {
        return jsonResponse(store.tools.map(stockOf));
      }
      if (method === 'GET' && url.startsWith('/api/manageTools/page')) {
        return jsonResponse(
          managedToolsPage(
            store.tools.map((tool) => [tool, stockOf(tool)]),
            url,
            countCap,
          ),
        );
      }
      const thresholdOf = /^\/api\/tool\/(.+)\/lowStockThreshold$/.exec(url)?.[1];
      if (method === 'PUT' && thresholdOf) {
        const tool = store.tools.find((candidate) => candidate._id === thresholdOf);
        if (!tool) return jsonResponse({ message: 'Tool not found', statusCode: 404 }, 404);
        const parsed = UpdateLowStockThresholdSchema.safeParse(body);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Bad Request';
          return jsonResponse({ message, statusCode: 400 }, 400);
        }
        store.thresholds.set(tool._id, parsed.data.lowStockThreshold);
        return jsonResponse(stockOf(tool));
      }
      const toolId = /^\/api\/deleteTols\/(.+)$/.exec(url)?.[1];
      if (method === 'DELETE' && toolId) {
        const before = store.tools.length;
        store.tools = store.tools.filter((tool) => tool._id !== toolId);
        return jsonResponse({ deletedCount: before - store.tools.length });
      }
      return undefined;
    },
  });
  return { server, store };
}
