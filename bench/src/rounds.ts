import { mergeSamples, type LoadResult, type Sample } from './load.ts';

/** A side of a row: a stretch of load of `seconds`. */
export type Side = (seconds: number) => Promise<Sample>;

export type Alternated = {
  app: LoadResult;
  bare: LoadResult;
  /** Each round's server rate over its bare rate, in the order run. */
  roundRatios: number[];
};

/**
 * The server and its baseline in `rounds` rounds of `seconds / rounds` each, in the order
 * server, bare, bare, server, server, bare... (each pair reversed from the one before, so a
 * machine that slows or speeds up through the run weighs on both sides alike). A shared machine's
 * speed moved by half between two measurements minutes apart here (the bare server's GET / gave
 * 4,922 and 5,722 req/s in two runs of one build, 2026-12-01): one stretch each compared the
 * machine's moments as much as the servers. `between` runs after every stretch, untimed (a
 * server's work still on its way in, settling).
 */
export async function alternateRounds(options: {
  rounds: number;
  seconds: number;
  app: Side;
  bare: Side;
  between?: (side: 'app' | 'bare') => Promise<void>;
}): Promise<Alternated> {
  const { rounds, app, bare, between } = options;
  const stretch = options.seconds / rounds;
  const appSamples: Sample[] = [];
  const bareSamples: Sample[] = [];
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
    const rates: Record<'app' | 'bare', number> = { app: 0, bare: 0 };
    for (const side of order) {
      const sample = await (side === 'app' ? app : bare)(stretch);
      (side === 'app' ? appSamples : bareSamples).push(sample);
      rates[side] = sample.seconds > 0 ? sample.latenciesMs.length / sample.seconds : 0;
      await between?.(side);
    }
    roundRatios.push(rates.bare > 0 ? rates.app / rates.bare : 0);
  }
  return { app: mergeSamples(appSamples), bare: mergeSamples(bareSamples), roundRatios };
}
