import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_NGINX_SITE, fillProductionSite } from '../testing/nginx.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The README's 'Running in production' quotes the nginx site file that the scale-out test runs:
 * the two must not drift apart.
 */
describe("README's nginx configuration", () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const site = readFileSync(PRODUCTION_NGINX_SITE, 'utf8');

  it('is the file the scale-out test runs, quoted whole', () => {
    const section = readme.slice(readme.indexOf('## Running in production'));
    expect(section).toContain(`\`\`\`nginx\n${site}\`\`\``);
  });

  it('is filled in by the scale-out test only where instances and port go', () => {
    const filled = fillProductionSite(site, ['127.0.0.1:4001', '127.0.0.1:4002'], '127.0.0.1:8080');
    // The file's server parameters (max_fails=0) go with the test's instances.
    expect(filled).toContain(
      '    server 127.0.0.1:4001 max_fails=0;\n    server 127.0.0.1:4002 max_fails=0;\n',
    );
    expect(filled).toContain('    listen 127.0.0.1:8080;\n');
    expect(filled).not.toContain('10.0.0.1');
    // Everything else is the file as it is.
    const unchanged = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/^\s*(server \d|listen )/.test(line))
        .join('\n');
    expect(unchanged(filled)).toBe(unchanged(site));
  });
});
