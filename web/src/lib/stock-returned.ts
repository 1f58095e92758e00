/**
 * What an admin's action that puts stock back on sale refreshes besides its own list: the
 * catalog's available quantities grew. Orders' Remove and Stock holds' Release both take it; the
 * page hands the refresh in, since features never import each other (docs/architecture.md#layers).
 */
export interface StockReturnedOptions {
  /** Asks again for what the returned stock changes (the catalog: its page hands it in). */
  onStockReturned: () => Promise<unknown>;
}
