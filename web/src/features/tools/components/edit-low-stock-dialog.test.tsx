import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { makeTool } from '../../../test/factories';
import { jsonResponse, renderRoutes, rowActionOf, rowOf } from '../../../test/render';
import { toolsServer } from '../test/tools-server';
import { ManageTools } from './manage-tools';

// Minimum 100: the default threshold is 300; 5000 available.
const hammer = makeTool();
// Minimum 40 (default 120), 90 available: below its default.
const wrench = makeTool({
  _id: '6a7b8c9d-4444-4555-8666-777788889999',
  name: 'Pipe Wrench',
  minOrderQuantity: 40,
  availableQuantity: 90,
});
const HAMMER_URL = `/api/tool/${hammer._id}/lowStockThreshold`;
// Manage Tools' page carries each tool's stock and threshold (issue 43).
const STOCK_URL = '/api/manageTools/page';

function renderManageTools() {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/', element: <ManageTools /> }]);
  return { ...view, user };
}

/** The low-stock cell of a tool's row (the column after available quantity). */
function lowStockCellOf(name: string) {
  const cells = within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell');
  return cells[4];
}

async function openLowStockOf(name: string) {
  const view = renderManageTools();
  await screen.findByRole('table');
  const button = await rowActionOf(view.user, name, 'Low stock');
  await vi.waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const dialog = screen.getByRole('dialog', { name: `Low-stock threshold of ${name}` });
  return { ...view, dialog };
}

describe('Manage Tools: low stock', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows each tool's threshold ('(default)' when not its own) and 'low stock' when it is low", async () => {
    const { server } = toolsServer({
      tools: [hammer, wrench],
      thresholds: { [hammer._id]: 250 },
    });
    renderManageTools();
    await screen.findByRole('table');
    await vi.waitFor(() => expect(lowStockCellOf('Claw Hammer')).toHaveTextContent('250'));
    expect(lowStockCellOf('Claw Hammer')).not.toHaveTextContent('default');
    expect(within(lowStockCellOf('Claw Hammer')!).queryByText('low stock')).toBeNull();
    expect(lowStockCellOf('Pipe Wrench')).toHaveTextContent('120 (default)');
    expect(within(lowStockCellOf('Pipe Wrench')!).getByText('low stock')).toBeInTheDocument();
    expect(
      rowOf('Pipe Wrench').getByRole('button', { name: 'Actions' }),
    ).toHaveAccessibleDescription('Pipe Wrench');
    const [stock] = callsTo(server.requests, 'GET', STOCK_URL);
    expect(stock?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it('asks for the thresholds again each time the page opens', async () => {
    const { server } = toolsServer({ tools: [hammer] });
    const { router } = renderRoutes([
      { path: '/', element: <ManageTools /> },
      { path: '/elsewhere', element: <h2>Elsewhere</h2> },
    ]);
    await vi.waitFor(() => expect(lowStockCellOf('Claw Hammer')).toHaveTextContent('300'));
    await router.navigate('/elsewhere');
    await screen.findByRole('heading', { name: 'Elsewhere' });
    await router.navigate('/');
    // The same cache: the stock may have moved since (orders), so it is asked for again.
    await vi.waitFor(() => expect(callsTo(server.requests, 'GET', STOCK_URL)).toHaveLength(2));
  });

  it('sets a threshold of its own: PUT, a toast, the dialog closes and the column shows it', async () => {
    const { server } = toolsServer({ tools: [hammer, wrench] });
    const { user, dialog } = await openLowStockOf('Claw Hammer');
    const field = within(dialog).getByLabelText('Threshold (units)');
    const useDefault = within(dialog).getByRole('checkbox', {
      name: 'Use the default: 3 x the minimum order quantity (300)',
    });
    // The default is in use: the field shows it, and cannot be typed in.
    expect(useDefault).toBeChecked();
    expect(field).toHaveValue('300');
    expect(field).toBeDisabled();
    expect(within(dialog).getByText('Available quantity').nextElementSibling).toHaveTextContent(
      '5000',
    );

    await user.click(useDefault);
    expect(field).toBeEnabled();
    await user.clear(field);
    await user.type(field, '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));

    expect(await screen.findByText('Low-stock threshold of Claw Hammer saved')).toBeInTheDocument();
    const [put] = callsTo(server.requests, 'PUT', HAMMER_URL);
    expect(put?.body).toEqual({ lowStockThreshold: 6000 });
    expect(put?.headers.get('Authorization')).toBe('Bearer token-0');
    await vi.waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    await vi.waitFor(() => expect(lowStockCellOf('Claw Hammer')).toHaveTextContent('6000'));
    expect(within(lowStockCellOf('Claw Hammer')!).getByText('low stock')).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', STOCK_URL)).toHaveLength(2);

    // Opened again: its own threshold, the default unticked.
    await user.click(await rowActionOf(user, 'Claw Hammer', 'Low stock'));
    const again = screen.getByRole('dialog', { name: 'Low-stock threshold of Claw Hammer' });
    expect(within(again).getByLabelText('Threshold (units)')).toHaveValue('6000');
    expect(within(again).getByRole('checkbox')).not.toBeChecked();
  });

  it("'Use the default' sends null and the column says '(default)' again", async () => {
    const { server } = toolsServer({ tools: [hammer], thresholds: { [hammer._id]: 250 } });
    const { user, dialog } = await openLowStockOf('Claw Hammer');
    expect(within(dialog).getByLabelText('Threshold (units)')).toHaveValue('250');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    await vi.waitFor(() =>
      expect(lowStockCellOf('Claw Hammer')).toHaveTextContent('300 (default)'),
    );
    expect(callsTo(server.requests, 'PUT', HAMMER_URL)[0]?.body).toEqual({
      lowStockThreshold: null,
    });
  });

  it.each([
    ['nothing', '', 'low-stock threshold is required'],
    ['a fraction', '2.5', 'low-stock threshold must be a whole number'],
    ['a negative number', '-3', 'low-stock threshold must be written with digits only'],
    ['a word', 'many', 'low-stock threshold must be a number'],
  ])('refuses %s under the field, sending nothing', async (_case, typed, message) => {
    const { server } = toolsServer({ tools: [hammer] });
    const { user, dialog } = await openLowStockOf('Claw Hammer');
    await user.click(within(dialog).getByRole('checkbox'));
    const field = within(dialog).getByLabelText('Threshold (units)');
    await user.clear(field);
    if (typed) await user.type(field, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(server.requests, 'PUT', HAMMER_URL)).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    toolsServer({
      tools: [hammer],
      answer: ({ method, url }) =>
        method === 'PUT' && url === HAMMER_URL
          ? jsonResponse({ message: 'Tool not found', statusCode: 404 }, 404)
          : undefined,
    });
    const { user, dialog } = await openLowStockOf('Claw Hammer');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.type(within(dialog).getByLabelText('Threshold (units)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tool not found');
    expect(dialog).toHaveAttribute('open');
  });

  it('keeps the page shown when asking for it again fails', async () => {
    let calls = 0;
    toolsServer({
      tools: [hammer],
      answer: ({ url }) =>
        url === STOCK_URL && ++calls > 1
          ? jsonResponse({ message: 'Admins only', statusCode: 403 }, 403)
          : undefined,
    });
    const { user, dialog } = await openLowStockOf('Claw Hammer');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(lowStockCellOf('Claw Hammer')).toHaveTextContent('300 (default)');
    expect(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
