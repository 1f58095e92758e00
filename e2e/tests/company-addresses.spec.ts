import { randomUUID } from 'node:crypto';
import { apiPaths, routes, texts } from '@tools-factory/contract';
import { buyerJoining, keepAtBothWidths, verifiedCustomer } from '../support/company.ts';
import { field } from '../support/customer.ts';
import { expect, test } from '../support/fixtures.ts';
import { addOwnToolsAside, callAs } from '../support/shop-api.ts';
import { desktop } from '../support/viewports.ts';

const words = texts.shipTo;
/** The screens of issue 44 kept for people to look at. */
const SCREENSHOTS = 'docs/screenshots/issue-44';

/** What this page's account asks the API, with its token (the steps the journey is not about). */

test("a company admin adds a ship-to address and locks the list; a buyer's checkout ships to it", async ({
  page,
  browser,
}) => {
  const unique = randomUUID().slice(0, 6);
  const companyName = `Quarry Works ${unique} Ltd`;
  const [chisel] = await addOwnToolsAside(browser, desktop, [
    {
      name: `Stone Chisel ${unique}`,
      desc: 'A chisel the ship-to journey buys.',
      price: 30,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
  ]);

  // --- The admin's company, and a buyer who joins it from the e-mailed invitation ------------
  await page.setViewportSize(desktop);
  await verifiedCustomer(page, 'Ada Addresses');
  await callAs(page, 'POST', apiPaths.company, {
    legalName: companyName,
    taxNumber: '',
    billingAddress: '1 Quarry Road\nLeeds LS1 1AA',
  });
  const { page: buyer, context: buyerContext } = await buyerJoining(
    browser,
    page,
    companyName,
    'Bo Buyer',
  );

  // --- The admin adds an address in the dialog, then ships only to the company's addresses ---
  await page.goto(routes.dashboardCompany);
  const section = page.getByRole('region', { name: words.title });
  await expect(section).toContainText(words.none);
  await section.getByRole('button', { name: words.add }).click();
  const dialog = page.getByRole('dialog', { name: words.newAddress });
  await field(dialog, words.label).fill('North site');
  await field(dialog, words.name).fill('Ana Ruiz');
  await field(dialog, words.address).fill('4 Quarry Lane\nLeeds LS1 4AB');
  await field(dialog, words.phoneOptional).fill('+44 113 555 0101');
  await dialog.getByRole('button', { name: words.save }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('listitem')).toContainText('4 Quarry Lane');
  await section.getByRole('checkbox', { name: words.lock }).check();
  await expect(page.getByRole('status').filter({ hasText: words.locked })).toBeVisible();
  await keepAtBothWidths(page, 'company-addresses', SCREENSHOTS);

  // --- The buyer's cart offers the address only, filled in, and checks out to it -------------
  await callAs(buyer, 'POST', apiPaths.cartLines, { lines: [{ toolId: chisel._id, quantity: 2 }] });
  await buyer.goto(routes.cart);
  const shipTo = field(buyer, words.shipTo);
  await expect(shipTo).toHaveValue(/.+/);
  await expect(shipTo.getByRole('option')).toHaveText([
    words.option('North site', 'Ana Ruiz', '4 Quarry Lane'),
  ]);
  const address = field(buyer, texts.purchase.address);
  await expect(address).toHaveValue('Ana Ruiz\n4 Quarry Lane\nLeeds LS1 4AB');
  await expect(address).not.toBeEditable();
  await keepAtBothWidths(buyer, 'checkout-ship-to', SCREENSHOTS);
  await buyer.getByRole('button', { name: /^Check out/ }).click();
  await expect(buyer).toHaveURL(/\/payment/);

  // --- My Orders shows where it goes ---------------------------------------------------------
  await buyer.goto(routes.dashboardOrders);
  await expect(buyer.getByText(/Leeds LS1 4AB/).first()).toBeVisible();
  await buyerContext.close();
});
