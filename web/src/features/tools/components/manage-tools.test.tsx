import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tool } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { jsonResponse, renderRoutes, rowActionOf, rowOf } from '../../../test/render';
import { hammerWithBreaks, makeTool } from '../../../test/factories';
import { toolsServer } from '../test/tools-server';
import { ManageTools } from './manage-tools';

const hammer = makeTool();
const wrench = makeTool({
  _id: '6a7b8c9d-4444-4555-8666-777788889999',
  name: 'Pipe Wrench',
  sku: 'WR-PIPE-18',
  img: '/images/tools/adjustable-spanner.svg',
  minOrderQuantity: 40,
  availableQuantity: 1200,
});

const PAGE_URL = '/api/manageTools/page';

function renderManageTools() {
  const user = userEvent.setup();
  const view = renderRoutes([
    { path: '/', element: <ManageTools /> },
    { path: '/dashborad/addproducts', element: <h2>Add Products page</h2> },
  ]);
  return { ...view, user };
}

async function askToRemove(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('table');
  await user.click(rowOf(name).getByRole('button', { name: 'Remove' }));
  return screen.getByRole('dialog', { name: 'Remove this tool?' });
}

/** Tools 01 to `count`, in the catalog's order. */
function numberedTools(count: number): Tool[] {
  return Array.from({ length: count }, (_, index) =>
    makeTool({
      _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Tool ${String(index + 1).padStart(2, '0')}`,
      sku: `TL-${index}`,
    }),
  );
}

describe('ManageTools', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner while the tools load', () => {
    fakeIdentityServer({ answer: () => new Promise<Response>(() => undefined) });
    renderManageTools();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it("shows each tool's price with its breaks counted, and finds tools as the catalog's search does", async () => {
    toolsServer({ tools: [hammerWithBreaks, wrench] });
    const { user } = renderManageTools();
    await screen.findByRole('table');
    expect(rowOf('Claw Hammer').getByText('$12.50')).toBeInTheDocument();
    expect(rowOf('Claw Hammer').getByText('2 price breaks')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').queryByText(/price break/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('2 tools on sale');

    const search = screen.getByRole('searchbox', { name: 'Search tools' });
    await user.type(search, 'wr-pipe');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 tool matches'));
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(1);
    expect(rowOf('Pipe Wrench').getByRole('rowheader')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'chisel');
    expect(await screen.findByText('No tool matches "chisel".')).toBeInTheDocument();
    await user.clear(search);
    await vi.waitFor(() => expect(screen.getAllByRole('row').slice(1)).toHaveLength(2));
  });

  it("keeps a row's other actions behind one Actions button, Remove beside it", async () => {
    toolsServer({ tools: [hammer, wrench] });
    const { user } = renderManageTools();
    await screen.findByRole('table');
    const row = rowOf('Pipe Wrench');
    const actions = row.getByRole('button', { name: 'Actions' });
    expect(actions).toHaveAttribute('aria-expanded', 'false');
    expect(row.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(row.getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    await user.click(actions);
    expect(actions).toHaveAttribute('aria-expanded', 'true');
    const listed = within(document.getElementById(actions.getAttribute('aria-controls')!)!)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(listed).toEqual(['Edit', 'Stock', 'Price breaks', 'Low stock']);
    expect(row.getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription('Pipe Wrench');
    // Tab walks into the list; Escape closes it and gives the focus back to the button.
    await user.tab();
    expect(row.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(actions).toHaveAttribute('aria-expanded', 'false');
    expect(actions).toHaveFocus();
    // A click elsewhere closes it too; choosing an action closes it and opens its dialog.
    await user.click(actions);
    await user.click(screen.getByRole('table'));
    expect(actions).toHaveAttribute('aria-expanded', 'false');
    await user.click(await rowActionOf(user, 'Pipe Wrench', 'Edit'));
    expect(actions).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Edit Pipe Wrench' })).toBeInTheDocument();
  });

  it('lists image, name and SKU, min order quantity, available quantity and Remove for each tool', async () => {
    const { server } = toolsServer({ tools: [hammer, wrench] });
    renderManageTools();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'image',
      'name',
      'price',
      'min order quantity',
      'available quantity',
      'low stock below',
      'action',
    ]);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);

    const row = rowOf('Pipe Wrench');
    // The SKU under the name; the buttons are described by the name alone.
    expect(row.getByRole('rowheader')).toHaveTextContent(/^Pipe WrenchSKU WR-PIPE-18$/);
    expect(rowOf('Claw Hammer').getByRole('rowheader')).toHaveTextContent('SKU HM-CLAW-16');
    expect(row.getByText('40')).toBeInTheDocument();
    expect(row.getByText('1,200')).toBeInTheDocument();
    // Decoration beside the name (alt ''): the name says which tool it is.
    const image = screen.getByRole('row', { name: /Pipe Wrench/ }).querySelector('img');
    expect(image).toHaveAttribute('src', '/images/tools/adjustable-spanner.svg');
    expect(image).toHaveAttribute('alt', '');
    expect(row.getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription('Pipe Wrench');
    const [list] = callsTo(server.requests, 'GET', PAGE_URL);
    expect(list?.headers.get('Authorization')).toBe('Bearer token-0');
    // A page of the catalog, never the whole of it.
    expect(callsTo(server.requests, 'GET', '/api/parts')).toHaveLength(0);
  });

  it('Remove opens a confirmation with the name and image; cancel removes nothing', async () => {
    const { server } = toolsServer({ tools: [hammer, wrench] });
    const { user } = renderManageTools();
    const dialog = await askToRemove(user, 'Pipe Wrench');

    expect(within(dialog).getByText('Pipe Wrench')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Pipe Wrench' })).toHaveAttribute(
      'src',
      '/images/tools/adjustable-spanner.svg',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(rowOf('Pipe Wrench').getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it("Delete removes the tool, says 'Delete success', closes and refreshes the list (the home page's)", async () => {
    const { server } = toolsServer({ tools: [hammer, wrench] });
    const { user, queryClient } = renderManageTools();
    const dialog = await askToRemove(user, 'Pipe Wrench');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Delete success')).toBeInTheDocument();
    const [deletion] = callsTo(server.requests, 'DELETE', `/api/deleteTols/${wrench._id}`);
    expect(deletion?.headers.get('Authorization')).toBe('Bearer token-0');
    await vi.waitFor(() =>
      expect(screen.queryByRole('row', { name: /Pipe Wrench/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', PAGE_URL)).toHaveLength(2);
    expect(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // The page lives under the catalog's key: what refreshes the home grid refreshes it too.
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ['tools', 'manage'] }).length,
    ).toBeGreaterThan(0);
  });

  it('says so when another admin removed the tool first', async () => {
    toolsServer({
      tools: [hammer],
      answer: ({ method }) => (method === 'DELETE' ? jsonResponse({ deletedCount: 0 }) : undefined),
    });
    const { user } = renderManageTools();
    const dialog = await askToRemove(user, 'Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This tool was removed already')).toBeInTheDocument();
    expect(screen.queryByText('Delete success')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal as a toast and closes the confirmation", async () => {
    const { server } = toolsServer({
      tools: [hammer],
      answer: ({ method }) =>
        method === 'DELETE'
          ? jsonResponse({ message: 'Only admins can do this.', statusCode: 403 }, 403)
          : undefined,
    });
    const { user } = renderManageTools();
    const dialog = await askToRemove(user, 'Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Only admins can do this.')).toBeInTheDocument();
    expect(screen.queryByText('Delete success')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(server.requests, 'GET', PAGE_URL)).toHaveLength(2);
  });

  it('keeps the confirmation open, busy, while the removal is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    toolsServer({
      tools: [hammer],
      answer: ({ method }) =>
        method === 'DELETE' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    });
    const { user } = renderManageTools();
    const dialog = await askToRemove(user, 'Claw Hammer');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toBeDisabled();
    answer(jsonResponse({ deletedCount: 1 }));
    expect(await screen.findByText('Delete success')).toBeInTheDocument();
  });

  it('invites to add a product when no tool is on sale', async () => {
    toolsServer({ tools: [] });
    renderManageTools();
    expect(await screen.findByText('No tools are on sale')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Products' })).toHaveAttribute(
      'href',
      '/dashborad/addproducts',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message when the tools cannot be read", async () => {
    fakeIdentityServer({
      answer: () => jsonResponse({ message: 'Only admins can do this.', statusCode: 403 }, 403),
    });
    renderManageTools();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only admins can do this.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('pages 50 tools at a time: Next goes on from where the page ended, Previous back', async () => {
    const many = numberedTools(51);
    const { server } = toolsServer({ tools: many });
    const { user } = renderManageTools();
    await screen.findByRole('table');
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(50);
    expect(screen.getByRole('status')).toHaveTextContent('51 tools on sale');
    const pager = screen.getByRole('navigation', { name: 'Page 1 of 2' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('navigation', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(1);
    expect(rowOf('Tool 51').getByRole('rowheader')).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', `${PAGE_URL}?after=${many[49]?._id}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('navigation', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(rowOf('Tool 01').getByRole('rowheader')).toBeInTheDocument();

    // A search starts again from its first page, on the server.
    await user.type(screen.getByRole('searchbox', { name: 'Search tools' }), 'tool 5{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 tools match'));
    expect(callsTo(server.requests, 'GET', `${PAGE_URL}?q=tool+5`).length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says "More than" and pages without a count when the count is capped (issue 43)', async () => {
    toolsServer({ tools: numberedTools(51), countCap: 50 });
    const { user } = renderManageTools();
    await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('More than 50 tools on sale');
    const pager = screen.getByRole('navigation', { name: 'Page 1' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('navigation', { name: 'Page 2' })).toBeInTheDocument();
    expect(rowOf('Tool 51').getByRole('rowheader')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A search whose matches are capped too.
    await user.type(screen.getByRole('searchbox', { name: 'Search tools' }), 'tool{Enter}');
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('More than 50 tools match'),
    );
  });
});
