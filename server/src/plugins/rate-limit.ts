import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

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
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
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
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tools-factory-rate-limit-' } : {}),
  });
}
