/**
 * `node scripts/openapi.ts [folder]`: the server's OpenAPI document, made without a running
 * server or a database on disk (the app built on an in-memory PGlite). Without a folder it prints
 * the document as served by default (test card gateway); with one it writes there
 * `openapi.json` and `openapi-stripe.json` (the same API with the Stripe gateway configured,
 * whose webhook replaces the test card route), which `npm run lint:openapi` lints.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';

type Gateway = 'test' | 'stripe';

/** Placeholders: the Stripe gateway is only built, never called, while the document is made. */
const STRIPE_PLACEHOLDERS = {
  STRIPE_SECRET_KEY: 'sk_test_openapi_document',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_openapi_document',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapi_document',
};

async function openApiDocument(gateway: Gateway): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Fixed secrets: nothing is signed, and none is written to DATA_DIR.
    ACCESS_TOKEN_SECRET: 'openapi-document-access-token-secret-0123',
    BETTER_AUTH_SECRET: 'openapi-document-better-auth-secret-01234',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...(gateway === 'stripe' ? STRIPE_PLACEHOLDERS : {}),
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    const app = await buildApp({
      config: { ...config, seedDemo: false },
      database,
      sweepExpiredOrders: false,
    });
    try {
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const folder = process.argv[2];
if (folder === undefined) {
  process.stdout.write(`${JSON.stringify(await openApiDocument('test'), null, 2)}\n`);
} else {
  mkdirSync(folder, { recursive: true });
  for (const [gateway, file] of [
    ['test', 'openapi.json'],
    ['stripe', 'openapi-stripe.json'],
  ] as const) {
    const target = path.join(folder, file);
    writeFileSync(target, `${JSON.stringify(await openApiDocument(gateway), null, 2)}\n`);
    console.log(`[openapi] ${target}`);
  }
}
