import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { RequestSpec } from './http.ts';

export type LoadOptions = { connections: number; seconds: number };

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/**
 * One stretch of load on one side of a row: every answer's latency, how long the stretch ran,
 * and what went wrong. Stretches of one side add up (mergeSamples) into its LoadResult.
 */
export type Sample = {
  latenciesMs: number[];
  /** Answers the stretch counts (its rate is these over its seconds). */
  answered: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/**
 * The p-quantile of sorted latencies, to 0.01 ms; NaN for none (no request sent after the ramp
 * was answered within its stretch: the answers are slower than the stretch is long), which the
 * table prints as '-' and no goal meets.
 */
function quantile(sorted: readonly number[], share: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
  return value === undefined ? Number.NaN : Math.round(value * 100) / 100;
}

/**
 * What a stretch leaves out at its start: its connections being opened (50 at once) and their
 * first answers. Every stretch of either side leaves out the same, and the rounds open each
 * side's connections afresh, where one long stretch opened them once.
 */
export const RAMP_MS = 250;

/**
 * The stretch after its ramp: the answers that came after it over the time from there (its rate),
 * and the latencies of the requests sent after it (its percentiles). The first requests of its
 * connections, 50 at once, queue behind each other on an engine of one thread (PGlite); their
 * wait is the stretch's opening, not the load's steady state, and five stretches have five such
 * openings where one long stretch had one.
 */
export function afterRamp(
  answers: ReadonlyArray<{ at: number; latencyMs: number }>,
  started: number,
  ended: number,
): Pick<Sample, 'latenciesMs' | 'answered' | 'seconds'> {
  const from = started + RAMP_MS;
  return {
    latenciesMs: answers
      .filter((answer) => answer.at - answer.latencyMs >= from)
      .map((answer) => answer.latencyMs),
    answered: answers.filter((answer) => answer.at >= from).length,
    seconds: Math.max(0, ended - from) / 1000,
  };
}

/** The stretches of one side as one measurement: answers over the time they took together. */
export function mergeSamples(samples: readonly Sample[]): LoadResult {
  const latencies = samples.flatMap((sample) => sample.latenciesMs).sort((a, b) => a - b);
  const count = (key: 'answered' | 'seconds' | 'non2xx' | 'errors' | 'timeouts') =>
    samples.reduce((sum, sample) => sum + sample[key], 0);
  const seconds = count('seconds');
  return {
    requestsPerSecond: seconds > 0 ? count('answered') / seconds : 0,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    total: count('answered'),
    non2xx: count('non2xx'),
    errors: count('errors'),
    timeouts: count('timeouts'),
  };
}

/**
 * Puts `connections` concurrent keep-alive connections on one request for `seconds`, keeping
 * every answer's latency after the ramp (RAMP_MS, so `seconds` should be well above it). With
 * `perConnection`, connection i cycles through its own requests instead (e.g. one account each).
 */
export async function loadSample(
  baseUrl: string,
  spec: RequestSpec,
  options: LoadOptions,
  perConnection?: (index: number) => RequestSpec[],
): Promise<Sample> {
  let clients = 0;
  const answers: { at: number; latencyMs: number }[] = [];
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: new URL(spec.path, baseUrl).toString(),
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        connections: options.connections,
        duration: options.seconds,
        ...(perConnection
          ? {
              setupClient: (client: autocannon.Client) => {
                client.setRequests(perConnection(clients++));
              },
            }
          : {}),
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      answers.push({ at: performance.now(), latencyMs: responseTime });
    });
  });
  return {
    // autocannon stops at its first one-second tick after the duration: the stretch's own time.
    ...afterRamp(answers, started, performance.now()),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** One stretch of load (loadSample) as a measurement. */
export async function load(
  baseUrl: string,
  spec: RequestSpec,
  options: LoadOptions,
  perConnection?: (index: number) => RequestSpec[],
): Promise<LoadResult> {
  return mergeSamples([await loadSample(baseUrl, spec, options, perConnection)]);
}
