import { sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { tools } from '../modules/tools/tools.table.ts';
import { injectAs } from './requests.ts';

/** Who sends a request: an account's access token, or nobody (no Authorization header). */
type Sender = { token: string } | undefined;

/** POST /api/tool (Add Product) with `payload`; the answer as it comes. */
export function postTool(app: App, sender: Sender, payload: object) {
  return injectAs(app, sender, { method: 'POST', url: '/api/tool', payload });
}

/** DELETE /api/deleteTols/{id} (the spec's spelling); the answer as it comes. */
export function deleteTool(app: App, sender: Sender, id: string) {
  return injectAs(app, sender, {
    method: 'DELETE',
    url: `/api/deleteTols/${encodeURIComponent(id)}`,
  });
}

/** How many tools are stored under this name in any case, archived ones included. */
export async function storedToolsNamed(app: App, name: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: tools.id })
    .from(tools)
    .where(sql`lower(${tools.name}) = lower(${name})`);
  return rows.length;
}
