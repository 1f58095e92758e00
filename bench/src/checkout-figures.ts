/** Issue 26's goal for a 50-line checkout at 10 concurrent buyers. */
export const CHECKOUT_GOAL = { maxP95Ms: 1000, minRatio: 0.6 } as const;

/** Lines in each bench checkout, and buyers checking out at once. */
export const CHECKOUT_LINES = 50;
export const CHECKOUT_BUYERS = 10;

/** One side of a checkout row: the server's POST /api/checkout, or its statements as bare SQL. */
export type CheckoutLoad = {
  /** Checkouts placed per second of timed checkout phases (the untimed cart fills excluded). */
  checkoutsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Checkouts measured (the warm-up's excluded). */
  total: number;
};

/** The 50-line checkout on one database: the server beside its statements as bare SQL. */
export type CheckoutFigure = {
  database: 'PGlite' | 'PostgreSQL';
  app: CheckoutLoad;
  bare: CheckoutLoad;
  /** What the baseline ran, in a few words. */
  baseline: string;
  /** Each round's server rate over its bare rate, when the two took turns (rounds.ts). */
  roundRatios?: number[];
  /**
   * Issue 44 (PostgreSQL): the server's checkouts by buyers of a company with a monthly limit,
   * beside buyers of none taking turns with them: within a limit never reached, and past a limit
   * of $0 (every checkout placed awaiting approval).
   */
  limits?: Record<'within' | 'past', { without: CheckoutLoad; limited: CheckoutLoad }>;
};

/** The limits' figures as lines of the report (none when not measured). */
export function checkoutLimitLines(figure: CheckoutFigure): string[] {
  if (!figure.limits) return [];
  const words = {
    within: 'within a limit never reached (the month’s spending read on every checkout)',
    past: 'past a limit of $0 (placed awaiting approval; the buyer and 2 company admins e-mailed)',
  } as const;
  return (['within', 'past'] as const).map((side) => {
    const { without, limited } = figure.limits![side];
    const ratio =
      without.checkoutsPerSecond > 0 ? limited.checkoutsPerSecond / without.checkoutsPerSecond : 0;
    return (
      `Issue 44, ${figure.database}: company buyers ${words[side]}: ${rate(limited.checkoutsPerSecond)} checkouts/s, ` +
      `p50/p95/p99 ${latencies(limited)} ms; buyers of no company in the same turns: ${rate(without.checkoutsPerSecond)} checkouts/s, ` +
      `p50/p95/p99 ${latencies(without)} ms; limited / without = ${ratio.toFixed(2)}.`
    );
  });
}

export const checkoutRatio = (figure: CheckoutFigure): number =>
  figure.app.checkoutsPerSecond / figure.bare.checkoutsPerSecond;

export function meetsCheckoutGoal(figure: CheckoutFigure): boolean {
  return (
    figure.app.p95Ms < CHECKOUT_GOAL.maxP95Ms && checkoutRatio(figure) >= CHECKOUT_GOAL.minRatio
  );
}

/** The cells of a checkout row, in the order of CHECKOUT_TABLE_HEADER. */
export const CHECKOUT_TABLE_HEADER = [
  `POST /api/checkout, ${CHECKOUT_LINES} lines, ${CHECKOUT_BUYERS} buyers`,
  'server checkouts/s',
  'bare checkouts/s',
  'ratio',
  'server p50/p95/p99 ms',
  'bare p50/p95/p99 ms',
  'checkouts (server, bare)',
  `goal (p95 < ${CHECKOUT_GOAL.maxP95Ms / 1000} s, ratio >= ${CHECKOUT_GOAL.minRatio})`,
  'baseline (bare)',
];

const rate = (value: number) => value.toFixed(1);
const latencies = (load: CheckoutLoad) =>
  [load.p50Ms, load.p95Ms, load.p99Ms].map((ms) => Math.round(ms)).join(' / ');

export function checkoutCells(figure: CheckoutFigure): string[] {
  return [
    `${figure.database}, checkouts/s`,
    rate(figure.app.checkoutsPerSecond),
    rate(figure.bare.checkoutsPerSecond),
    checkoutRatio(figure).toFixed(2),
    latencies(figure.app),
    latencies(figure.bare),
    `${figure.app.total}, ${figure.bare.total}`,
    meetsCheckoutGoal(figure) ? 'met' : 'NOT met',
    figure.baseline,
  ];
}
