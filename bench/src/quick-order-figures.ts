/** The issue's goal: 500 pasted lines checked and shown in under a second. */
export const QUICK_ORDER_GOAL_MS = 1000;
/** Pastes measured per size; the median is kept (the first one also warms the page up). */
export const QUICK_ORDER_REPEATS = 5;

/** How long the quick order page took from a paste to its last row drawn. */
export type QuickOrderFigure = { lines: number; rows: number; medianMs: number; maxMs: number };

/** '- quick order, 500 pasted lines checked and drawn: median 180 ms (max 240 ms) ...'. */
export function describeQuickOrder(figures: readonly QuickOrderFigure[]): string[] {
  if (figures.length === 0) return [];
  const baseline = figures.find((figure) => figure.lines === 1);
  return [
    '',
    ...figures.map((figure) => {
      const goal =
        figure.lines === 1
          ? 'baseline'
          : `goal < ${QUICK_ORDER_GOAL_MS} ms: ${figure.maxMs < QUICK_ORDER_GOAL_MS ? 'met' : 'NOT met'}${
              baseline
                ? `; ${(figure.medianMs / baseline.medianMs).toFixed(1)} x the 1-line paste`
                : ''
            }`;
      return `- quick order in Chromium, ${figure.lines} pasted ${figure.lines === 1 ? 'line' : 'lines'} checked and drawn (${figure.rows} ${figure.rows === 1 ? 'row' : 'rows'}): median ${figure.medianMs.toFixed(0)} ms, max ${figure.maxMs.toFixed(0)} ms of ${QUICK_ORDER_REPEATS}; ${goal}`;
    }),
  ];
}
