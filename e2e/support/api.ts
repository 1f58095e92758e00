import type { APIRequestContext } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  GalleryListSchema,
  ReviewListSchema,
  ToolListSchema,
  type GalleryItem,
  type Review,
  type Tool,
} from '@tools-factory/contract';

async function getJson<T>(
  request: APIRequestContext,
  path: string,
  schema: { parse: (value: unknown) => T },
): Promise<T> {
  const response = await request.get(`${API_BASE}${path}`);
  if (!response.ok()) throw new Error(`GET ${API_BASE}${path} answered ${response.status()}`);
  return schema.parse(await response.json());
}

/** What the demo seed put in the fresh database, read through the API the page uses. */
export type SeededData = { tools: Tool[]; reviews: Review[]; gallery: GalleryItem[] };

export async function readSeededData(request: APIRequestContext): Promise<SeededData> {
  const [tools, reviews, gallery] = await Promise.all([
    getJson(request, apiPaths.parts, ToolListSchema),
    getJson(request, apiPaths.reviews, ReviewListSchema),
    getJson(request, apiPaths.gallery, GalleryListSchema),
  ]);
  return { tools, reviews, gallery };
}

/**
 * The demo seed's first tool: the one the journeys order without counting its stock (invoices,
 * cancellation, the order's page, the CSV), and the one the sweeps and rendering checks show.
 */
export async function readFirstSeededTool(request: APIRequestContext): Promise<Tool> {
  const [tool] = await getJson(request, apiPaths.parts, ToolListSchema);
  if (!tool) throw new Error('the demo seed has no tool');
  return tool;
}
