import { mergeSamples, type LoadResult, type Sample } from './load.ts';

/** A side of a row: a stretch of load of `seconds`. */
export type Side = (seconds: number) => Promise<Sample>;

export type Alternated = {
  app: LoadResult;
  bare: LoadResult;
  /** Each round's server rate over its bare rate, in the order run. */
  roundRatios: number[];
};

/** The stretches of each side, in the order run, and each round's ratio. */
export type AlternatedSamples = {
  app: Sample[];
  bare: Sample[];
  roundRatios: number[];
};

type AlternateOptions = {
  rounds: number;
  seconds: number;
  app: Side;
  bare: Side;
  between?: (side: 'app' | 'bare') => Promise<void>;
};

/** alternateSamples, each side's stretches merged into one measurement (mergeSamples). */
export async function alternateRounds(options: AlternateOptions): Promise<Alternated> {
  const { app, bare, roundRatios } = await alternateSamples(options);
  return { app: mergeSamples(app), bare: mergeSamples(bare), roundRatios };
}

const rateOf = (sample: Sample) => (sample.seconds > 0 ? sample.answered / sample.seconds : 0);

/**
 * The server and its baseline in `rounds` rounds of `seconds / rounds` each, in the order
 * server, bare, bare, server, server, bare... (each pair reversed from the one before, so a
 * machine that slows or speeds up through the run weighs on both sides alike). A shared machine's
 * speed moved by half between two measurements minutes apart here (the bare server's GET / gave
 * 4,922 and 5,722 req/s in two runs of one build, 2026-12-01): one stretch each compared the
 * machine's moments as much as the servers. `between` runs after every stretch, untimed (a
 * server's work still on its way in, settling).
 */
export async function alternateSamples(options: AlternateOptions): Promise<AlternatedSamples> {
  const { rounds, between } = options;
  const stretch = options.seconds / rounds;
  const samples: Record<'app' | 'bare', Sample[]> = { app: [], bare: [] };
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
    for (const side of order) {
      samples[side].push(await options[side](stretch));
      await between?.(side);
    }
    const bareRate = rateOf(samples.bare[round]!);
    roundRatios.push(bareRate > 0 ? rateOf(samples.app[round]!) / bareRate : 0);
  }
  return { ...samples, roundRatios };
}
