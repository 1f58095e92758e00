import { Redis } from 'ioredis';

/**
 * The Redis of the tests that need one (REDIS_URL shared between instances): TEST_REDIS_URL, or
 * the local Redis this project's machines run.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export type TestRedis = {
  url: string;
  /** No Redis answers and none is required: skip the tests (a warning says so). */
  skip: boolean;
  /**
   * Fails the calling hook or test when no Redis answers although one is required, so that the
   * tests fail with the reason instead of dropping out of a passing run.
   */
  expectAnswering(): void;
};

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the Redis tests of `suite` run. They must run on CI (`CI` set) and whenever
 * TEST_REDIS_URL is set: there a missing Redis fails them. Elsewhere a machine without Redis
 * skips them, and says so.
 */
export async function findTestRedis(suite: string): Promise<TestRedis> {
  const requiredBy = process.env.TEST_REDIS_URL
    ? 'TEST_REDIS_URL is set'
    : process.env.CI
      ? 'this is a CI run (CI is set)'
      : undefined;
  const answers = await redisAnswers(TEST_REDIS_URL);
  if (!answers && !requiredBy) {
    console.warn(`[${suite}] no Redis at ${TEST_REDIS_URL}: the REDIS_URL tests are skipped`);
  }
  return {
    url: TEST_REDIS_URL,
    skip: !answers && !requiredBy,
    expectAnswering() {
      if (answers) return;
      throw new Error(
        `[${suite}] no Redis answers at ${TEST_REDIS_URL}, and the REDIS_URL tests must run because ` +
          `${requiredBy ?? 'they were asked to'}: start Redis there, or point TEST_REDIS_URL at one.`,
      );
    },
  };
}
