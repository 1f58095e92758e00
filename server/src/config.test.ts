import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const validSecrets = {
  ACCESS_TOKEN_SECRET: 'a'.repeat(32),
  BETTER_AUTH_SECRET: 'b'.repeat(32),
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('reports one line per bad variable, naming it', () => {
    const problems = problemsOf({
      ...validSecrets,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/tools',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(3);
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
    ]);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('reports variables that must go together', () => {
    expect(problemsOf({ ...validSecrets, STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: /),
    ]);
    expect(
      problemsOf({ ...validSecrets, NODE_ENV: 'production', ACCESS_TOKEN_SECRET: '' }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^ACCESS_TOKEN_SECRET: /)]));
  });

  it('reads TRUST_PROXY as Fastify takes it: off, true or addresses', () => {
    const trustProxy = (value?: string) =>
      loadConfig({
        ...validSecrets,
        DATA_DIR: '/tmp/tools-factory-config-test',
        TRUST_PROXY: value,
      }).trustProxy;
    expect(trustProxy()).toBeUndefined();
    expect(trustProxy('false')).toBeUndefined();
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('reads SHIPPING_RATES: free by default, flat, bands, free from an amount, quoted', () => {
    const rates = (value?: string) =>
      loadConfig({
        ...validSecrets,
        DATA_DIR: '/tmp/tools-factory-config-test',
        SHIPPING_RATES: value,
      }).shippingRates;
    expect(rates()).toEqual({ kind: 'charged', bands: [{ from: 0, charge: 0 }] });
    expect(rates('{"flat": 25, "freeFrom": 500}')).toEqual({
      kind: 'charged',
      bands: [
        { from: 0, charge: 25 },
        { from: 500, charge: 0 },
      ],
    });
    expect(rates('{"bands": [{"from": 0, "charge": 40}, {"from": 1000, "charge": 20}]}')).toEqual({
      kind: 'charged',
      bands: [
        { from: 0, charge: 40 },
        { from: 1000, charge: 20 },
      ],
    });
    expect(rates('{"quoted": true}')).toEqual({ kind: 'quoted' });
    // Each mistake is one line naming the variable.
    for (const bad of [
      'flat 25',
      '{"flat": -1}',
      '{"flat": 25, "bands": [{"from": 0, "charge": 1}]}',
      '{"bands": [{"from": 10, "charge": 1}]}',
      '{"bands": [{"from": 0, "charge": 5}, {"from": 0, "charge": 1}]}',
      '{"bands": [{"from": 0, "charge": 5}, {"from": 100, "charge": 1}], "freeFrom": 50}',
      '{"flat": 25, "free": 500}',
    ]) {
      const problems = problemsOf({ ...validSecrets, SHIPPING_RATES: bad });
      expect(problems.length, bad).toBeGreaterThan(0);
      for (const line of problems) expect(line, bad).toMatch(/^SHIPPING_RATES: /);
    }
  });

  it('reads INVOICE_REMINDER_SWEEP_SECONDS: every 10 minutes by default, whole seconds up to a day', () => {
    const sweepSeconds = (value?: string) =>
      loadConfig({
        ...validSecrets,
        DATA_DIR: '/tmp/tools-factory-config-test',
        INVOICE_REMINDER_SWEEP_SECONDS: value,
      }).invoiceReminderSweepSeconds;
    expect(sweepSeconds()).toBe(600);
    expect(sweepSeconds('1')).toBe(1);
    expect(sweepSeconds('86400')).toBe(86_400);
    for (const bad of ['0', '-5', '1.5', '86401', 'often']) {
      expect(problemsOf({ ...validSecrets, INVOICE_REMINDER_SWEEP_SECONDS: bad }), bad).toEqual([
        expect.stringMatching(/^INVOICE_REMINDER_SWEEP_SECONDS: /),
      ]);
    }
  });

  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({ ...validSecrets, DATA_DIR: '/tmp/tools-factory-config-test' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  it('makes the server exit with one "Invalid configuration" line per problem', () => {
    const serverFile = path.resolve(import.meta.dirname, 'server.ts');
    const result = spawnSync(process.execPath, [serverFile], {
      env: { PATH: process.env.PATH, ...validSecrets, PORT: '-1', REDIS_URL: 'http://cache' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(
      lines.map((line) => line.replace(/^Invalid configuration: (\w+): .+$/, '$1')).sort(),
    ).toEqual(['PORT', 'REDIS_URL']);
  });
});
