import type { Tool } from '@tools-factory/contract';

/**
 * A tool's stock as a committed UPDATE left it (docs/decisions/013): the modules that move stock
 * hand it to the catalog snapshot after their commit, which patches its copy with it.
 */
export type StockChange = {
  toolId: string;
  availableQuantity: number;
  /** The tool's stock_version after the UPDATE: every stock UPDATE bumps it under the row lock. */
  stockVersion: number;
  /** False for an archived tool: not in the catalog, its change shows nowhere. */
  onSale: boolean;
};

/** A tool on sale as the snapshot reads it: the catalog's answer and its stock version. */
export type VersionedTool = { tool: Tool; stockVersion: number };

/**
 * The catalog's tools as this instance knows them, newest known stock included. Tool objects are
 * never changed (a patch puts a new one in their place), so bodies prepared from an earlier
 * state keep the values they were prepared from.
 */
export type StockState = {
  /** The catalog order. */
  tools: Tool[];
  positions: Map<string, number>;
  stockVersions: Map<string, number>;
};

/**
 * The state a build read, with any stock this instance knows to be newer kept: a patch applied
 * while the build's queries ran may hold a later version than the row the build read.
 */
export function mergeNewerStock(
  loaded: readonly VersionedTool[],
  known: StockState | undefined,
): StockState {
  const tools: Tool[] = [];
  const positions = new Map<string, number>();
  const stockVersions = new Map<string, number>();
  for (const { tool, stockVersion } of loaded) {
    const knownVersion = known?.stockVersions.get(tool._id);
    const knownTool = known?.tools[known.positions.get(tool._id) ?? -1];
    const keepKnown = knownVersion !== undefined && knownTool && knownVersion > stockVersion;
    positions.set(tool._id, tools.length);
    tools.push(keepKnown ? { ...tool, availableQuantity: knownTool.availableQuantity } : tool);
    stockVersions.set(tool._id, keepKnown ? knownVersion : stockVersion);
  }
  return { tools, positions, stockVersions };
}

export type StockPatchOutcome = {
  /** The tools whose shown stock changed. */
  changed: string[];
  /**
   * The state is behind the database on which tools are on sale (a tool on sale it lacks, or an
   * archived one it still lists: the other instance's NOTIFY has not arrived yet): only a
   * rebuild shows it right.
   */
  behind: boolean;
};

/**
 * Applies committed stock changes to `state` in place, each only when its version is newer than
 * the one held for the tool (a change that arrives after a later one is ignored). Changes of
 * archived tools the state does not hold are ignored: they show nowhere.
 */
export function applyStockChanges(
  state: StockState,
  changes: readonly StockChange[],
): StockPatchOutcome {
  const outcome: StockPatchOutcome = { changed: [], behind: false };
  for (const change of changes) {
    const position = state.positions.get(change.toolId);
    const tool = position === undefined ? undefined : state.tools[position];
    if (position === undefined || !tool || !change.onSale) {
      if (change.onSale || tool) outcome.behind = true;
      continue;
    }
    const held = state.stockVersions.get(change.toolId) ?? 0;
    if (change.stockVersion <= held) continue;
    state.stockVersions.set(change.toolId, change.stockVersion);
    if (tool.availableQuantity === change.availableQuantity) continue;
    state.tools[position] = { ...tool, availableQuantity: change.availableQuantity };
    outcome.changed.push(change.toolId);
  }
  return outcome;
}
