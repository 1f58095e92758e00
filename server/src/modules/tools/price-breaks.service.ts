import {
  centsToDollars,
  priceBreaksProblems,
  reachedPriceBreak,
  serverTexts,
  type Tool,
  type UpdatePriceBreaks,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequestOfFields, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import {
  replacePriceBreaks,
  selectPriceBreaks,
  selectPriceBreaksOfTools,
} from './price-breaks.repository.ts';
import { toPriceBreakRows, toToolDto, type ToolCategories } from './tool-dto.ts';
import { lockLiveTool } from './tools.repository.ts';

export type PriceBreaksServiceOptions = {
  /** Edits of the breaks commit on their own; the orders' reads take their executor. */
  db: Database;
  /** Told after every committed edit, so GET /parts shows it at once. */
  catalog: CatalogChanged;
  /** The tools' answers name their category's slug. */
  categories: ToolCategories;
};

/**
 * A tool's price breaks (volume pricing, docs/decisions/011-volume-pricing-and-quotes.md): the
 * admins' edit of them, and the unit price they give an order.
 */
export function createPriceBreaksService(options: PriceBreaksServiceOptions) {
  const { db, catalog, categories } = options;

  return {
    /**
     * PUT /tool/{id}/priceBreaks (Manage Tools): replaces the whole set of a tool on sale (an
     * empty list removes them all), checked against its list price and minimum as they are
     * now. The tool's row is locked first, so an order being placed on it is priced either
     * before the edit or after it, never from half of it. In GET /parts once this resolves.
     */
    async setPriceBreaks(id: string, input: UpdatePriceBreaks): Promise<Tool> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      const breaks = toPriceBreakRows(input.priceBreaks);
      const row = await db.transaction(async (tx) => {
        const locked = await lockLiveTool(tx, toolId);
        if (!locked) throw notFound(serverTexts.apiErrors.toolNotFound);
        const problems = priceBreaksProblems(input.priceBreaks, {
          price: centsToDollars(locked.priceCents),
          minOrderQuantity: locked.minOrderQuantity,
        });
        if (problems.length > 0) {
          throw badRequestOfFields(problems.map((message) => ({ field: 'priceBreaks', message })));
        }
        await replacePriceBreaks(tx, locked.id, breaks);
        return locked;
      });
      await catalog.invalidate();
      return toToolDto(row, breaks, await categories.slugsById(db));
    },

    /**
     * For the orders module: the unit price, in cents, of `quantity` of this tool: the price of
     * the largest break the quantity reaches, else the list price. Given the order's
     * transaction after its reservation, it reads the breaks while the tool's row is locked.
     */
    async unitPriceCents(
      executor: Executor,
      tool: { id: string; priceCents: number },
      quantity: number,
    ): Promise<number> {
      const breaks = await selectPriceBreaks(executor, tool.id);
      return reachedPriceBreak(breaks, quantity)?.priceCents ?? tool.priceCents;
    },

    /**
     * unitPriceCents for many tools in one query (a checkout's lines, their rows locked by their
     * reservations): each tool's unit price for its quantity, by tool id.
     */
    async unitPricesCents(
      executor: Executor,
      lines: readonly { tool: { id: string; priceCents: number }; quantity: number }[],
    ): Promise<Map<string, number>> {
      const breaks = await selectPriceBreaksOfTools(
        executor,
        lines.map(({ tool }) => tool.id),
      );
      return new Map(
        lines.map(({ tool, quantity }) => [
          tool.id,
          reachedPriceBreak(breaks.get(tool.id) ?? [], quantity)?.priceCents ?? tool.priceCents,
        ]),
      );
    },
  };
}
