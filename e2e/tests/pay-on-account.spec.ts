import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  API_BASE,
  apiPaths,
  CompanyInvoicesSchema,
  MyCompanySchema,
  routes,
  texts,
  type UpdateCompanyTermsInput,
} from '@tools-factory/contract';
import { signInAsAdmin } from '../support/admin.ts';
import {
  buyerJoining,
  keepAtBothWidths,
  newestCheckoutOf,
  verifiedCustomer,
} from '../support/company.ts';
import { field } from '../support/customer.ts';
import { expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import { rowOf } from '../support/screen.ts';
import { addOwnToolsAside, callAs, checkOutAs } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop } from '../support/viewports.ts';

const words = texts.onAccount;
const invoiceWords = texts.receivables.company;
/** The screens of issue 45 kept for people to look at. */
const SCREENSHOTS = 'docs/screenshots/issue-45';

test('a buyer of a company on Net 30 days checks out on account with a PO number and downloads its invoice', async ({
  page,
  browser,
}) => {
  const unique = randomUUID().slice(0, 6);
  const companyName = `Keel Fasteners ${unique} Ltd`;
  const [clamp] = await addOwnToolsAside(browser, desktop, [
    {
      name: `Bar Clamp ${unique}`,
      desc: 'A clamp the on-account journey buys on its company’s terms.',
      price: 40,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
  ]);

  // --- A company (its admin's, by the API) and a buyer who joins it from the invitation -------
  await page.setViewportSize(desktop);
  await verifiedCustomer(page, 'Kit Keel');
  const { company } = MyCompanySchema.parse(
    await callAs(page, 'POST', apiPaths.company, {
      legalName: companyName,
      taxNumber: '',
      billingAddress: '5 Slipway Road\nHull HU1 2AB',
    }),
  );
  expect(company, 'the company created').toBeTruthy();

  const { page: buyer, context: buyerContext } = await buyerJoining(
    browser,
    page,
    companyName,
    'Bea Buyer',
  );

  // --- The shop's admin gives it terms: Net 30 days, $5,000 of credit, a PO number required ---
  const adminContext = await browser.newContext({ viewport: desktop });
  try {
    const admin = await adminContext.newPage();
    waitForHydrationAfterLoads(admin);
    await signInAsAdmin(admin);
    await callAs(admin, 'PUT', apiPaths.manageCompanyTerms(company!._id), {
      paymentTermsDays: 30,
      creditLimit: 5000,
      poNumberRequired: true,
      taxExempt: false,
    } satisfies UpdateCompanyTermsInput);
  } finally {
    await adminContext.close();
  }

  // --- The buyer's cart: card or on account, the credit left, the PO number required ----------
  await callAs(buyer, 'POST', apiPaths.cartLines, { lines: [{ toolId: clamp._id, quantity: 3 }] });
  await buyer.goto(routes.cart);
  const form = buyer.getByRole('form', { name: texts.cart.checkout.title });
  const payment = form.getByRole('group', { name: words.payment });
  await expect(payment.getByRole('radio', { name: words.byCard })).toBeChecked();
  await expect(payment).toContainText(words.creditLeft('$5,000.00'));
  await payment.getByRole('radio', { name: words.onAccount(30) }).check();
  await field(buyer, texts.purchase.address).fill('5 Slipway Road, Hull');
  await field(form, words.poNumberRequired).fill(`PO-${unique}`);
  // The whole page from its top (the sticky top bar would cover the form, scrolled to or alone).
  await buyer.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await keepAtBothWidths(buyer, 'cart-on-account', SCREENSHOTS);
  await buyer.getByRole('button', { name: /^Check out/ }).click();

  // --- Ordered on account: My Orders says it is invoiced, with nothing to pay ------------------
  await expect(buyer).toHaveURL(routes.dashboardOrders);
  const placed = await newestCheckoutOf(buyer);
  expect(placed.status).toBe('invoiced');
  expect(placed.poNumber).toBe(`PO-${unique}`);
  await expectToast(buyer, words.placed(placed.reference));
  const head = rowOf(buyer, placed.reference);
  await expect(head).toContainText(texts.checkout.group.status.invoiced);
  await expect(rowOf(buyer, clamp.name)).toContainText(texts.orders.invoicedBadge);
  await expect(buyer.getByRole('link', { name: texts.checkout.group.payAll })).toHaveCount(0);
  await expect(buyer.getByRole('link', { name: texts.orders.pay, exact: true })).toHaveCount(0);
  await keepAtBothWidths(buyer, 'my-orders-invoiced', SCREENSHOTS);

  // --- Its invoice, issued at once ------------------------------------------------------------
  const downloading = buyer.waitForEvent('download');
  await head
    .getByRole('button', { name: texts.checkout.group.invoiceLabel(placed.reference) })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6,}\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const invoiceNumber = download.suggestedFilename().replace(/\.pdf$/, '');
  await buyerContext.close();

  // --- The company's admin: its open invoices on the Company page, each one's PDF (item 7) ----
  // The admin's own checkout on account: a second open invoice, due after the buyer's.
  const own = await checkOutAs(page, [{ tool: clamp, quantity: 2 }], {
    address: '5 Slipway Road, Hull',
    poNumber: `PO-OWN-${unique}`,
    payment: 'account',
  });
  expect(own.status).toBe('invoiced');
  await page.goto(routes.dashboardCompany);
  const invoices = page.getByRole('region', { name: invoiceWords.title });
  await expect(invoices).toContainText(invoiceWords.adminsIntro);
  const buyersInvoice = rowOf(page, invoiceNumber);
  await expect(buyersInvoice).toContainText(`PO-${unique}`);
  await expect(buyersInvoice).toContainText('Bea Buyer');
  await expect(buyersInvoice).toContainText('$120.00');
  await expect(rowOf(page, `PO-OWN-${unique}`)).toContainText('$80.00');
  // The buyer's is due first: it comes first.
  await expect(invoices.getByRole('row').nth(1)).toContainText(invoiceNumber);

  const fromCompanyPage = page.waitForEvent('download');
  await buyersInvoice.getByRole('button', { name: invoiceWords.downloadPdf }).click();
  const companyDownload = await fromCompanyPage;
  expect(companyDownload.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const companyBytes = await readFile(await companyDownload.path());
  expect(companyBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // For people to look at, one of the two past its due date: a journey cannot move the server's
  // clock, so the screenshots show the buyer's invoice (and the company's credit) as the same
  // answers would read 42 days on, 12 days past due; everything else is as served.
  const DAY_MS = 24 * 60 * 60 * 1000;
  const earlier = (iso: string) => new Date(Date.parse(iso) - 42 * DAY_MS).toISOString();
  await page.route(`**${API_BASE}${apiPaths.companyInvoices}`, async (route) => {
    const response = await route.fetch();
    const answer = CompanyInvoicesSchema.parse(await response.json());
    const aged = answer.invoices.map((invoice) =>
      invoice.number === invoiceNumber
        ? {
            ...invoice,
            issuedAt: earlier(invoice.issuedAt),
            dueAt: earlier(invoice.dueAt),
            daysOverdue: 12,
          }
        : invoice,
    );
    await route.fulfill({ response, json: { invoices: aged } });
  });
  await page.route(`**${API_BASE}${apiPaths.company}`, async (route) => {
    const response = await route.fetch();
    const view = MyCompanySchema.parse(await response.json());
    const credit = view.credit && { ...view.credit, overdue: true };
    await route.fulfill({ response, json: { ...view, credit } });
  });
  await page.reload();
  await expect(buyersInvoice).toContainText(invoiceWords.daysOverdue(12));
  await keepAtBothWidths(page, 'company-invoices', SCREENSHOTS);
  await page.unrouteAll();
});
