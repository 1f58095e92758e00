import { readFile } from 'node:fs/promises';
import { orderTotal, routes, texts } from '@tools-factory/contract';
import { uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { readFirstSeededTool } from '../support/api.ts';
import { orderTool, signUpAsCustomer } from '../support/customer.ts';
import { expect, test } from '../support/fixtures.ts';
import { desktop } from '../support/viewports.ts';

test('an admin exports every order as a CSV file (1280 px)', async ({ page, browser }) => {
  // A customer's order to find in the file, placed in a browser of their own.
  const tool = await readFirstSeededTool(page.request);
  const customer = await browser.newContext({ viewport: desktop });
  const customerPage = await customer.newPage();
  const customerEmail = uniqueEmail('carla-csv');
  await signUpAsCustomer(customerPage, customerEmail, 'Carla Csv');
  await orderTool(customerPage, tool);
  await customer.close();

  await signInAsAdmin(page, desktop);
  await page.goto(routes.dashboardAllOrders);
  await expect(page.getByRole('row').filter({ hasText: customerEmail })).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.manageOrders.exportCsv }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const content = await readFile(await download.path(), 'utf8');

  // UTF-8 with a BOM, CRLF between records; the header row first, then the customer's order.
  const csv = texts.manageOrders.csv;
  expect(content.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = content.slice(1).split('\r\n');
  expect(header?.split(',')).toEqual(Object.values(csv.columns));
  const order = records.find((record) => record.includes(customerEmail));
  expect(order, "the customer's order").toBeDefined();
  // Placed on the purchase page, a checkout of one line: an order record (issue 42), whose
  // last columns are an empty shipped summary, nothing shipped yet and nothing refunded, then
  // (issue 45) its shipping (free here), its tax (0 % here) and what it was charged, included.
  expect(order?.startsWith(`${csv.records.order},`)).toBe(true);
  expect(order).toContain(`,${String(tool.minOrderQuantity + 1)},`);
  expect(order).toContain(',unpaid,');
  const charged = orderTotal(tool.price, tool.minOrderQuantity + 1).toFixed(2);
  expect(order?.endsWith(`,,0,0.00,0.00,0.00,${charged},included`)).toBe(true);
});
