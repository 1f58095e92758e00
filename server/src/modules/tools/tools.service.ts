import {
  createCatalogAdminService,
  type CatalogAdminServiceOptions,
} from './catalog-admin.service.ts';
import {
  createPriceBreaksService,
  type PriceBreaksServiceOptions,
} from './price-breaks.service.ts';
import { createToolStockService, type ToolStockServiceOptions } from './tool-stock.service.ts';

export type { WithdrawnTool } from './catalog-admin.service.ts';
export type { LowStockCrossing } from './tool-stock.service.ts';
export type {
  OrderableTool,
  PricedReservation,
  ReservationStatement,
  ReservedTool,
  ToolReference,
} from './tool-stock.repository.ts';

/** What the three take together: the database, the catalog, the outbox, the links, the accounts. */
export type ToolsServiceOptions = CatalogAdminServiceOptions &
  ToolStockServiceOptions &
  PriceBreaksServiceOptions;

/**
 * The catalog's tools: what is on sale and the admins' writes (catalog-admin.service.ts), the
 * stock orders and admins move (tool-stock.service.ts) and the price breaks
 * (price-breaks.service.ts), as the one service other modules and the routes call.
 */
export function createToolsService(options: ToolsServiceOptions) {
  return {
    ...createCatalogAdminService(options),
    ...createToolStockService(options),
    ...createPriceBreaksService(options),
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
