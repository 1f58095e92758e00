import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { ReviewListSchema } from '@tools-factory/contract';
import type { TestAccount } from '../../testing/accounts.ts';
import { injectAs } from '../../testing/requests.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { ensureEmailVerified } from '../../testing/verified-accounts.ts';

/**
 * A built web app whose server entry renders every review it is given, name and text, as the
 * home page does; the server adds the page data (JSON) itself.
 */
function makeBuiltWeb(): { base: string; dist: string; entry: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'tools-factory-review-privacy-'));
  const dist = path.join(base, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(base, 'dist-ssr'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Tools Factory</title></head>' +
      '<body><div id="root"></div></body></html>',
  );
  const entry = path.join(base, 'dist-ssr', 'entry-server.mjs');
  writeFileSync(
    entry,
    `export async function render(url, data) {
      const items = (data.reviewsPage?.reviews ?? []).map((review) => '<li>' + review.name + ': ' + review.review + '</li>');
      return { status: 200, html: '<main><ul>' + items.join('') + '</ul></main>', title: 'Home' };
    }`,
  );
  return { base, dist, entry };
}

const web = makeBuiltWeb();
afterAll(() => rmSync(web.base, { recursive: true, force: true }));
const it = appTest({
  config: { webDistDir: web.dist, webSsrEntry: web.entry },
  customerName: 'Private Customer',
  adminName: 'Reviewing Admin',
});

describe("reviewers' e-mails (issue 22 item 4)", () => {
  async function postReview(app: App, account: TestAccount, review: string): Promise<void> {
    const response = await injectAs(app, account, {
      method: 'POST',
      url: '/api/review',
      payload: { name: account.name, review, rattings: 5 },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it.beforeAll(async ({ app, customer, admin }) => {
    await ensureEmailVerified(app, customer);
    await ensureEmailVerified(app, admin);
    await postReview(app, customer, 'A customer review.');
    await postReview(app, admin, 'An admin review.');
  });

  it('GET /api/review shows each reviewer by name, never by e-mail', async ({
    app,
    customer,
    admin,
  }) => {
    const response = await app.inject('/api/review');
    expect(response.statusCode).toBe(200);
    for (const email of [customer.email, admin.email]) {
      expect(response.body.toLowerCase()).not.toContain(email.toLowerCase());
    }
    const reviews = ReviewListSchema.parse(response.json());
    expect(reviews.map((review) => review.name)).toEqual(['Reviewing Admin', 'Private Customer']);
    for (const review of reviews) expect(review).not.toHaveProperty('email');
  });

  it('the server-rendered home page, its page data included, carries no reviewer e-mail', async ({
    app,
    customer,
    admin,
  }) => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<li>Private Customer: A customer review.</li>');
    expect(response.body).toContain('id="page-data"');
    for (const email of [customer.email, admin.email]) {
      expect(response.body.toLowerCase()).not.toContain(email.toLowerCase());
    }
  });
});
