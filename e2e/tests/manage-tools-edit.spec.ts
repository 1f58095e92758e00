import { randomUUID } from 'node:crypto';
import { manageToolsTexts, routes, texts } from '@tools-factory/contract';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { addToolAsAdmin } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { expectNoSidewaysScroll, rowOf } from '../support/screen.ts';
import { desktop, phone } from '../support/viewports.ts';
import { rowAction, searchManageTools } from '../support/row-actions.ts';

const { edit, stock, image } = manageToolsTexts;

/** A 64 x 48 PNG (blue), as a picture on the admin's device. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDlsRgl86oF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+9s4gxNMK+yQAAAAASUVORK5CYII=',
  'base64',
);

// The removal beyond the stock is refused on purpose (400): Chromium logs the answer's status.
test.use({ allowedConsoleErrors: /status of 400 \(Bad Request\)/ });

for (const viewport of [desktop, phone]) {
  test(`an admin edits a tool, restocks it with a reason and gives it an uploaded picture (${viewport.width} px)`, async ({
    page,
  }) => {
    await signInAsAdmin(page, viewport);
    const name = `Bench Vice ${viewport.width}-${randomUUID().slice(0, 6)}`;
    await addToolAsAdmin(page, {
      name,
      desc: 'A vice the edit journey changes.',
      price: 40,
      minOrderQuantity: 5,
      availableQuantity: 50,
    });

    // Edit: every problem at once, each under its field.
    await page.goto(routes.dashboardManageTools);
    await searchManageTools(page, name);
    await (await rowAction(rowOf(page, name), edit.button)).click();
    const editDialog = page.getByRole('dialog', { name: edit.title(name) });
    await expect(field(editDialog, texts.addProduct.name)).toHaveValue(name);
    await field(editDialog, texts.addProduct.name).fill('');
    await field(editDialog, texts.addProduct.price).fill('abc');
    await field(editDialog, texts.addProduct.minOrderQuantity).fill('0');
    await editDialog.getByRole('button', { name: edit.save }).click();
    await expect(editDialog.getByText(texts.fieldErrors.required('name'))).toBeVisible();
    await expect(editDialog.getByText(texts.fieldErrors.notANumber('price'))).toBeVisible();
    await expect(
      editDialog.getByText(texts.fieldErrors.tooSmall('minimum order quantity', 1)),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `/work/screens/25-manage-tools-edit-${viewport.width}.png` });
    await page.screenshot({ path: artifactPath(`manage-tools-edit-${viewport.width}.png`) });
    await expectNoSeriousA11yViolations(page, 'edit dialog with its errors');

    const renamed = `${name} Pro`;
    await field(editDialog, texts.addProduct.name).fill(renamed);
    await field(editDialog, texts.addProduct.price).fill('37.50');
    await field(editDialog, texts.addProduct.minOrderQuantity).fill('6');
    await editDialog.getByRole('button', { name: edit.save }).click();
    await expectToast(page, edit.saved(renamed));
    await expect(editDialog).toBeHidden();
    const row = rowOf(page, renamed);
    await expect(row).toBeVisible();

    // Stock: 20 received, then a removal larger than the stock is refused in words.
    await (await rowAction(row, stock.button)).click();
    const stockDialog = page.getByRole('dialog', { name: stock.title(renamed) });
    await expect(stockDialog.getByText(stock.inStock('50'))).toBeVisible();
    await field(stockDialog, stock.units).fill('20');
    await stockDialog.getByLabel(stock.reason).selectOption('received');
    await field(stockDialog, stock.note).fill('Pallet 7 from the forge');
    await stockDialog.getByRole('button', { name: stock.save }).click();
    // The dialog stays open (the movement is listed in it): its toast is under the modal.
    await expect(
      page.getByRole('alert').filter({ hasText: stock.saved(renamed, '70') }),
    ).toBeVisible();
    await expect(stockDialog.getByText(stock.inStock('70'))).toBeVisible();
    const movements = stockDialog.getByRole('region', { name: stock.history });
    await expect(movements.getByRole('listitem').first()).toContainText(
      `+20 · ${stock.reasons.received}`,
    );
    await expect(movements.getByRole('listitem').first()).toContainText('Pallet 7 from the forge');
    await stockDialog.getByRole('radio', { name: stock.remove }).check();
    await field(stockDialog, stock.units).fill('500');
    await stockDialog.getByRole('button', { name: stock.save }).click();
    await expect(stockDialog.getByText(texts.adminErrors.stockBelowZero(70, 500))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `/work/screens/25-manage-tools-stock-${viewport.width}.png` });
    await page.screenshot({ path: artifactPath(`manage-tools-stock-${viewport.width}.png`) });
    await expectNoSeriousA11yViolations(page, 'stock dialog with a movement');
    await stockDialog.getByRole('button', { name: stock.close }).first().click();
    await expect(stockDialog).toBeHidden();
    await expect(row).toContainText('70');

    // A picture from the device: uploaded, previewed, saved; the home page shows it.
    await (await rowAction(row, edit.button)).click();
    const again = page.getByRole('dialog', { name: edit.title(renamed) });
    await again.getByLabel(image.upload).setInputFiles({
      name: 'vice.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(page.getByRole('alert').filter({ hasText: image.uploaded })).toBeVisible();
    await expect(field(again, texts.addProduct.imageLink)).toHaveValue(
      /^\/images\/tools\/[0-9a-f]{64}\.webp$/,
    );
    const link = await field(again, texts.addProduct.imageLink).inputValue();
    await expect(again.getByRole('img', { name: image.preview })).toHaveAttribute('src', link);
    await again.getByRole('button', { name: edit.save }).click();
    await expectToast(page, edit.saved(renamed));

    await page.goto(routes.home);
    const card = page.getByRole('article', { name: renamed, exact: true });
    await card.scrollIntoViewIfNeeded();
    const picture = card.getByRole('img', { name: renamed });
    await expect(picture).toHaveAttribute('src', link);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(card).toContainText('$37.50');
  });
}
