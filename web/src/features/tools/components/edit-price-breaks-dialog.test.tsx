import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { hammerWithBreaks, makeTool } from '../../../test/factories';
import { jsonResponse, renderRoutes, rowActionOf, rowOf } from '../../../test/render';
import { toolsServer } from '../test/tools-server';
import { ManageTools } from './manage-tools';

const wrench = makeTool({
  _id: '6a7b8c9d-4444-4555-8666-777788889999',
  name: 'Pipe Wrench',
  minOrderQuantity: 40,
  availableQuantity: 1200,
});
const BREAKS_URL = `/api/tool/${hammerWithBreaks._id}/priceBreaks`;

async function openBreaksOf(name: string) {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/', element: <ManageTools /> }]);
  await screen.findByRole('table');
  await user.click(await rowActionOf(user, name, 'Price breaks'));
  const dialog = screen.getByRole('dialog', { name: `Price breaks of ${name}` });
  return { ...view, user, dialog };
}

/** The editor's rows as typed: [from quantity, unit price]. */
function rowsIn(dialog: HTMLElement) {
  return within(dialog)
    .queryAllByRole('group', { name: /^Price break \d$/ })
    .map((row) => [
      within(row).getByLabelText('From quantity'),
      within(row).getByLabelText('Unit price'),
    ]);
}

function valuesIn(dialog: HTMLElement) {
  return rowsIn(dialog).map((row) => row.map((input) => (input as HTMLInputElement).value));
}

describe('Manage Tools: price breaks', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("opens the tool's breaks in a dialog, beside its list price and minimum", async () => {
    toolsServer({ tools: [hammerWithBreaks, wrench] });
    const { dialog } = await openBreaksOf('Claw Hammer');
    expect(
      rowOf('Claw Hammer').getByRole('button', { name: 'Actions' }),
    ).toHaveAccessibleDescription('Claw Hammer');
    expect(valuesIn(dialog)).toEqual([
      ['500', '10.99'],
      ['1000', '9.99'],
    ]);
    expect(within(dialog).getByText('Price').nextElementSibling).toHaveTextContent('$12.50');
    expect(within(dialog).getByText('Minimum order quantity').nextElementSibling).toHaveTextContent(
      '100',
    );
    // Focus goes to the first field.
    expect(rowsIn(dialog)[0]?.[0]).toHaveFocus();
  });

  it('saves the whole set with PUT, says so, closes and refreshes the catalog', async () => {
    const { server, store } = toolsServer({ tools: [hammerWithBreaks, wrench] });
    const { user, dialog, queryClient } = await openBreaksOf('Claw Hammer');
    const [, second] = rowsIn(dialog);
    await user.clear(second![1]!);
    await user.type(second![1]!, '9.49');
    await user.click(within(dialog).getByRole('button', { name: 'Add a price break' }));
    const [, , added] = rowsIn(dialog);
    await user.type(added![0]!, '5000');
    await user.type(added![1]!, '8.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save price breaks' }));

    expect(await screen.findByText('Price breaks of Claw Hammer saved')).toBeInTheDocument();
    const [put] = callsTo(server.requests, 'PUT', BREAKS_URL);
    expect(put?.body).toEqual({
      priceBreaks: [
        { minQuantity: 500, price: 10.99 },
        { minQuantity: 1000, price: 9.49 },
        { minQuantity: 5000, price: 8.75 },
      ],
    });
    expect(put?.headers.get('Authorization')).toBe('Bearer token-0');
    await vi.waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    await vi.waitFor(() =>
      expect(callsTo(server.requests, 'GET', '/api/manageTools/page')).toHaveLength(2),
    );
    const [page] = queryClient.getQueryCache().findAll({ queryKey: ['tools', 'manage'] });
    expect(page?.state.isInvalidated).toBe(false);
    expect(store.tools[0]?.priceBreaks).toHaveLength(3);

    // Opened again: what was saved.
    await user.click(await rowActionOf(user, 'Claw Hammer', 'Price breaks'));
    expect(valuesIn(screen.getByRole('dialog', { name: 'Price breaks of Claw Hammer' }))).toEqual([
      ['500', '10.99'],
      ['1000', '9.49'],
      ['5000', '8.75'],
    ]);
  });

  it('removes every break with an empty set', async () => {
    const { server } = toolsServer({ tools: [hammerWithBreaks] });
    const { user, dialog } = await openBreaksOf('Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Remove price break 2' }));
    expect(valuesIn(dialog)).toEqual([['500', '10.99']]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove price break 1' }));
    expect(within(dialog).getByText('No price breaks')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save price breaks' }));
    expect(await screen.findByText('Price breaks of Claw Hammer saved')).toBeInTheDocument();
    expect(callsTo(server.requests, 'PUT', BREAKS_URL)[0]?.body).toEqual({ priceBreaks: [] });
  });

  it.each([
    [
      'a break at the minimum',
      '100',
      '11.00',
      'Each price break must start above the minimum order quantity (100)',
    ],
    [
      'a break at the list price',
      '2000',
      '12.50',
      'Each price break must be below the list price ($12.50)',
    ],
    [
      'a break for more at a higher price',
      '2000',
      '10.99',
      'A price break for a larger quantity must have a lower unit price',
    ],
    ['two breaks from the same quantity', '1000', '8.00', 'Two price breaks start at 1000'],
  ])('refuses %s at the fieldset, and sends nothing', async (_case, from, price, message) => {
    const { server } = toolsServer({ tools: [hammerWithBreaks] });
    const { user, dialog } = await openBreaksOf('Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Add a price break' }));
    const [, , added] = rowsIn(dialog);
    await user.type(added![0]!, from);
    await user.type(added![1]!, price);
    await user.click(within(dialog).getByRole('button', { name: 'Save price breaks' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(
      within(dialog).getByRole('group', { name: 'Price breaks (optional)' }),
    ).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(callsTo(server.requests, 'PUT', BREAKS_URL)).toHaveLength(0);
    expect(dialog).toHaveAttribute('open');
  });

  it("says under a row's field what is wrong with it", async () => {
    const { server } = toolsServer({ tools: [hammerWithBreaks] });
    const { user, dialog } = await openBreaksOf('Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Add a price break' }));
    const [, , added] = rowsIn(dialog);
    await user.type(added![0]!, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save price breaks' }));
    expect(
      await within(dialog).findByText('break quantity must be a whole number'),
    ).toBeInTheDocument();
    expect(added![0]).toHaveAttribute('aria-invalid', 'true');
    expect(added![1]).toHaveAccessibleDescription('break price is required');
    expect(rowsIn(dialog)[0]?.[0]).not.toHaveAttribute('aria-invalid');
    expect(callsTo(server.requests, 'PUT', BREAKS_URL)).toHaveLength(0);
  });

  it('allows at most five breaks', async () => {
    toolsServer({ tools: [hammerWithBreaks] });
    const { user, dialog } = await openBreaksOf('Claw Hammer');
    const add = within(dialog).getByRole('button', { name: 'Add a price break' });
    for (let i = 0; i < 3; i++) await user.click(add);
    expect(rowsIn(dialog)).toHaveLength(5);
    expect(add).toBeDisabled();
  });

  it("shows the server's refusal in the dialog, keeping what was typed", async () => {
    toolsServer({
      tools: [hammerWithBreaks],
      answer: ({ method }) =>
        method === 'PUT'
          ? jsonResponse({ message: 'Tool not found', statusCode: 404 }, 404)
          : undefined,
    });
    const { user, dialog } = await openBreaksOf('Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Save price breaks' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tool not found');
    expect(dialog).toHaveAttribute('open');
    expect(valuesIn(dialog)).toHaveLength(2);
    expect(screen.queryByText('Price breaks of Claw Hammer saved')).not.toBeInTheDocument();
  });
});
