import rateLimit from '@fastify/rate-limit';
import { serverTexts } from '@tools-factory/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstEventOrTimeout } from '../first-event.ts';
import { HttpError, serviceUnavailable } from '../http-errors.ts';

/**
 * How long a Redis command or connection attempt may take before the limit answers 503. Measured
 * on our side, so it includes any time the event loop was busy with other work (a 240 ms password
 * check, a garbage collection on a loaded machine): seconds, not milliseconds.
 */
export const REDIS_TIMEOUT_MS = 5_000;

/**
 * Rate limits are declared by the modules that need them: a route's handler (`app.rateLimit()`,
 * placing orders) or counters a module calls itself (`app.createRateLimit()`, the identity
 * limits, several to a request). Counters live in memory, or in Redis when REDIS_URL is set so
 * that every instance counts the same attempts.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { redisUrl: string | undefined },
): Promise<void> {
  // ioredis is imported only when REDIS_URL is set: without it, it would be code held for nothing.
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, {
        connectTimeout: REDIS_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        // Fail fast while Redis is away (docs/architecture.md#running-in-production): a command is
        // refused at once instead of queued until a reconnection that may take seconds, and one
        // that gets no answer (a stalled Redis) fails after REDIS_TIMEOUT_MS. The limit answers 503
        // in words.
        enableOfflineQueue: false,
        commandTimeout: REDIS_TIMEOUT_MS,
      })
    : undefined;
  if (redis) {
    // Without a listener ioredis prints every failed reconnection to the console: log the first
    // error of each outage through the app's logger instead.
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) app.log.error({ err: error }, 'Redis (rate limits) unreachable');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('Redis (rate limits) reachable again');
      down = false;
    });
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    // Without the offline queue, commands before the first connection would be refused: the
    // start waits for its outcome (ready, or refused; at most the connect timeout), and a Redis
    // that is down at start only means 503s until it is up.
    await firstEventOrTimeout(redis, ['ready', 'error'], REDIS_TIMEOUT_MS);
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tools-factory-rate-limit-' } : {}),
  });
  logEveryRefusal(app);
}

/**
 * A line for every 429, whichever limit answered it (a route's, identity's): who, by account id
 * when a guard has found the caller, and from which client address; no e-mail, no path values.
 */
function logEveryRefusal(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 429) return;
    request.log.warn(
      {
        event: 'rate-limited',
        // The route as declared (`/api/user/:email`), never the path with its values filled in.
        route: request.routeOptions.url ?? null,
        method: request.method,
        accountId: request.account?.id ?? null,
        client: request.ip,
      },
      'rate limit: too many requests',
    );
  });
}

/** What `app.rateLimit()` answers: a hook whose result Fastify ignores. */
type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A route's rate limit (`app.rateLimit()`) that, when it cannot count (its Redis does not
 * answer), refuses the request with 503 and the words of a brief outage instead of a 500; the
 * limit's own refusal (429, the plain object its errorResponseBuilder makes) passes as it is.
 * Refused rather than let through: an uncounted request is what the limit exists to stop.
 */
export function refuseWhenUncounted(limit: RateLimitHook): RateLimitHook {
  return async (request, reply) => {
    try {
      await limit(request, reply);
    } catch (error) {
      if (!(error instanceof Error) || error instanceof HttpError) throw error;
      request.log.error({ err: error }, 'rate limit: could not count the request');
      throw serviceUnavailable(serverTexts.apiErrors.serviceUnavailable);
    }
  };
}
