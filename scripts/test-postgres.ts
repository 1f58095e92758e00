/**
 * `npm run test:postgres`: the server suite against a real PostgreSQL. Each test app gets its own
 * freshly created database on that server (dropped afterwards), so TEST_DATABASE_URL needs a
 * user allowed to CREATE DATABASE. Defaults to the local server the project's machines have.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

console.log(`[test:postgres] server suite on ${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}`);
// The server suite on two workers, then the proofs alone (vitest.config.ts).
const child = spawn(
  process.execPath,
  [vitest, 'run', '--project', 'server', '--project', 'server-proofs', ...process.argv.slice(2)],
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: databaseUrl } },
);
child.on('error', (error) => {
  console.error(`[test:postgres] could not start vitest: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
