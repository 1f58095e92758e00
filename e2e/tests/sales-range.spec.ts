import { readFile } from 'node:fs/promises';
import { routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 780 };

/** A month before the shop had any order: its figures are known (all 0) and stay so. */
const PAST = { from: '2020-01-01', to: '2020-01-31', days: 31 };

const words = texts.sales;

async function openSales(page: Page): Promise<void> {
  await page.goto(routes.dashboardSales);
  await expect(page.getByRole('heading', { level: 2, name: words.title })).toBeVisible();
}

/** Types a range in From and To and shows it. */
async function showRange(page: Page, from: string, to: string): Promise<void> {
  await page.getByLabel(words.from, { exact: true }).fill(from);
  await page.getByLabel(words.to, { exact: true }).fill(to);
  await page.getByRole('button', { name: words.show, exact: true }).click();
}

for (const viewport of [desktop, phone]) {
  test(`an admin picks the Sales page's date range and downloads its CSV (${viewport.width} px)`, async ({
    page,
  }) => {
    await signInAsAdmin(page, viewport);
    await openSales(page);

    // The last 30 days to start with, today the last.
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByLabel(words.to, { exact: true })).toHaveValue(today);
    const days = page.getByRole('table', { name: words.revenuePerDay });
    await expect(days.getByRole('row')).toHaveCount(1 + 30);

    // A range that ends before it starts: said in words, nothing asked.
    await showRange(page, '2020-02-01', '2020-01-01');
    await expect(page.getByRole('form', { name: words.range }).getByRole('alert')).toHaveText(
      words.rangeFromAfterTo,
    );

    // January 2020: 31 days, nothing sold.
    await showRange(page, PAST.from, PAST.to);
    await expect(page.getByText('Jan 1, 2020 to Jan 31, 2020 (UTC)')).toBeVisible();
    await expect(days.getByRole('row')).toHaveCount(1 + PAST.days);
    await expect(page.getByText(words.revenueTotal('$0.00', 0))).toBeVisible();
    await expect(page.getByText(words.noTopTools)).toBeVisible();

    // The CSV of the range shown: the same days and total.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: words.downloadCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`sales-${PAST.from}-to-${PAST.to}.csv`);
    const csv = (await readFile(await download.path())).toString('utf8');
    const records = csv.replace(/^\uFEFF/, '').split('\r\n');
    // Issue 42: each day's refunds after its revenue (lines refunded, dollars).
    expect(records[0]).toBe(
      `${words.csv.date},${words.csv.orders},${words.csv.revenue},${words.csv.refundedLines},${words.csv.refunded},${words.csv.shipping}`,
    );
    expect(records[1]).toBe('2020-01-01,0,0.00,0,0.00,0.00');
    expect(records[PAST.days]).toBe('2020-01-31,0,0.00,0,0.00,0.00');
    expect(records[PAST.days + 1]).toBe(`${words.csv.total},0,0.00,0,0.00,0.00`);

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: artifactPath(`sales-range-${viewport.width}.png`),
      fullPage: viewport.width === phone.width,
    });

    // Back to the last 30 days.
    await page.getByRole('button', { name: words.lastThirtyDays }).click();
    await expect(days.getByRole('row')).toHaveCount(1 + 30);
    await expect(page.getByLabel(words.to, { exact: true })).toHaveValue(today);
  });
}
