import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Rate limits are declared per route (sign-in, sign-up, reset). Counters live in memory, or in
 * Redis when REDIS_URL is set so that every instance counts the same attempts.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { redisUrl: string | undefined },
): Promise<void> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tools-factory-rate-limit-' } : {}),
  });
}
