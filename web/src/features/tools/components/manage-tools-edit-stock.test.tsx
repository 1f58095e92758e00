import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockMovement } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { makeTool } from '../../../test/factories';
import { jsonResponse, renderRoutes, rowActionOf } from '../../../test/render';
import { toolsServer } from '../test/tools-server';
import { ManageTools } from './manage-tools';

const hammer = makeTool();
const EDIT_URL = `/api/manageTools/${hammer._id}`;
const STOCK_URL = `/api/manageTools/${hammer._id}/stock`;

async function openDialogOf(button: string, title: string) {
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <ManageTools /> }]);
  await screen.findByRole('table');
  await user.click(await rowActionOf(user, 'Claw Hammer', button));
  return { user, dialog: screen.getByRole('dialog', { name: title }) };
}

/**
 * The catalog's server whose Edit (PUT) answers `refusal` the first time, then saves what is
 * sent (at the hammer's price).
 */
function editRefusedOnce(refusal: Response) {
  let refuse = true;
  return toolsServer({
    tools: [hammer],
    answer: ({ method, url, body }) => {
      if (method !== 'PUT' || url !== EDIT_URL) return undefined;
      if (refuse) {
        refuse = false;
        return refusal;
      }
      return jsonResponse({ ...hammer, ...(body as object), price: hammer.price });
    },
  });
}

describe('Manage Tools: Edit and Stock (issue 25)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("Edit: prefilled, every problem at once (the form's, then the server's), then saved with a toast", async () => {
    const { server } = editRefusedOnce(
      jsonResponse(
        {
          message: 'name is taken somehow',
          statusCode: 400,
          fieldErrors: [
            { field: 'name', message: 'name is taken somehow' },
            { field: 'price', message: 'price is odd' },
          ],
        },
        400,
      ),
    );
    const { user, dialog } = await openDialogOf('Edit', 'Edit Claw Hammer');
    const name = within(dialog).getByLabelText('Name');
    const price = within(dialog).getByLabelText('Price');
    expect(name).toHaveValue('Claw Hammer');
    await user.clear(name);
    await user.clear(price);
    await user.type(price, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('price must be a number')).toBeInTheDocument();
    expect(callsTo(server.requests, 'PUT', EDIT_URL)).toHaveLength(0);

    await user.type(name, 'Claw Hammer XL');
    await user.clear(price);
    await user.type(price, '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('name is taken somehow')).toBeInTheDocument();
    expect(within(dialog).getByText('price is odd')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Claw Hammer XL saved')).toBeInTheDocument();
    const [, saved] = callsTo(server.requests, 'PUT', EDIT_URL);
    expect(saved?.body).toMatchObject({ name: 'Claw Hammer XL', price: 12.5 });
  });

  it('Edit: the SKU prefilled and required; a SKU another tool has (409) is told under it', async () => {
    const message = 'The SKU wr-comb-13 is already used by another tool.';
    const { server } = editRefusedOnce(jsonResponse({ message, statusCode: 409 }, 409));
    const { user, dialog } = await openDialogOf('Edit', 'Edit Claw Hammer');
    const sku = within(dialog).getByLabelText('SKU');
    expect(sku).toHaveValue('HM-CLAW-16');
    expect(sku).toHaveAccessibleDescription(
      'Orders placed before keep the SKU they were placed with.',
    );
    await user.clear(sku);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('SKU is required')).toBeInTheDocument();
    expect(callsTo(server.requests, 'PUT', EDIT_URL)).toHaveLength(0);

    await user.type(sku, 'wr-comb-13');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('The SKU wr-comb-13 is already used by another tool.'),
    ).toBeInTheDocument();
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Name')).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(sku);
    await user.type(sku, 'HM-CLAW-16-XL');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Claw Hammer saved')).toBeInTheDocument();
    const [, saved] = callsTo(server.requests, 'PUT', EDIT_URL);
    expect(saved?.body).toMatchObject({ name: 'Claw Hammer', sku: 'HM-CLAW-16-XL' });
  });

  it('Stock: adds units with a reason, lists the movement, and shows a refusal in words', async () => {
    const movements: StockMovement[] = [];
    let available = hammer.availableQuantity;
    const { server } = toolsServer({
      tools: [hammer],
      answer: ({ method, url, body }) => {
        if (url !== STOCK_URL) return undefined;
        if (method === 'GET') return jsonResponse(movements);
        const { delta, reason, note } = body as { delta: number; reason: 'received'; note: string };
        if (available + delta < 0) {
          const message = `Cannot remove ${-delta} units: only ${available} are in stock`;
          return jsonResponse({ message, statusCode: 400 }, 400);
        }
        available += delta;
        const movement: StockMovement = {
          _id: '0b1c2d3e-4444-4555-8666-777788889999',
          toolId: hammer._id,
          delta,
          reason,
          note,
          stockAfter: available,
          by: 'admin@example.com',
          createdAt: '2026-11-26T10:00:00.000Z',
        };
        movements.unshift(movement);
        return jsonResponse({
          movement,
          stock: {
            toolId: hammer._id,
            availableQuantity: available,
            lowStockThreshold: 300,
            custom: false,
            low: false,
          },
        });
      },
    });
    const { user, dialog } = await openDialogOf('Stock', 'Stock of Claw Hammer');
    expect(await within(dialog).findByText('No stock moved by hand yet')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Units'), '20');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Pallet 7');
    await user.click(within(dialog).getByRole('button', { name: 'Move stock' }));
    expect(await within(dialog).findByText('In stock now: 5,020')).toBeInTheDocument();
    expect(await within(dialog).findByText(/\+20 · received/)).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', STOCK_URL);
    expect(sent?.body).toEqual({ delta: 20, reason: 'received', note: 'Pallet 7' });

    await user.click(within(dialog).getByRole('radio', { name: 'Remove units' }));
    await user.type(within(dialog).getByLabelText('Units'), '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Move stock' }));
    expect(
      await within(dialog).findByText('Cannot remove 9000 units: only 5020 are in stock'),
    ).toBeInTheDocument();
  });
});

describe('Manage Tools: removed tools (issue 25)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the removed tools once shown, and Restore puts one back on sale with a toast', async () => {
    const wrench = makeTool({
      _id: '6a7b8c9d-4444-4555-8666-777788889999',
      name: 'Pipe Wrench',
      sku: 'WR-PIPE-18',
    });
    let archived = [{ ...wrench, archivedAt: '2026-11-20T09:00:00.000Z' }];
    const { server, store } = toolsServer({
      tools: [hammer],
      answer: ({ method, url }) => {
        if (method === 'GET' && url === '/api/manageTools/archived') return jsonResponse(archived);
        if (method === 'POST' && url === `/api/manageTools/${wrench._id}/restore`) {
          archived = [];
          store.tools.push(wrench);
          return jsonResponse(wrench);
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ManageTools /> }]);
    await screen.findByRole('table');
    expect(callsTo(server.requests, 'GET', '/api/manageTools/archived')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Show removed tools' }));
    const removed = screen.getByRole('region', { name: 'Removed tools' });
    const restore = await within(removed).findByRole('button', { name: 'Restore' });
    expect(restore).toHaveAccessibleDescription('Pipe Wrench');
    expect(within(removed).getByText('WR-PIPE-18').parentElement).toHaveTextContent(
      /^SKU WR-PIPE-18$/,
    );
    await user.click(restore);
    expect(await screen.findByText('Pipe Wrench is on sale again')).toBeInTheDocument();
    expect(await within(removed).findByText('No removed tools')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Pipe Wrench/ })).toBeInTheDocument();
  });
});
