import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { makeTool } from '../../../test/factories';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { ToolsSection } from './tools-section';

const catalog = [
  makeTool({
    _id: '0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    name: 'Claw Hammer',
    desc: 'Forged steel head.',
    price: 12.5,
    availableQuantity: 5000,
  }),
  makeTool({
    _id: '1e9b4a5f-6c7d-4e8f-9a01-b2c3d4e5f6a7',
    name: 'Hand Saw',
    desc: 'Hardened steel teeth.',
    price: 18,
    availableQuantity: 2000,
  }),
  makeTool({
    _id: '2fac5b60-7d8e-4f90-8b12-c3d4e5f6a7b8',
    name: 'Bügelsäge',
    desc: 'Cuts metal bars.',
    price: 9,
    availableQuantity: 8000,
  }),
];

/** The server's search as its answer says it: 'hamer' corrected to 'hammer', nothing for the rest. */
function searchAnswer(url: string) {
  const params = new URL(url, 'http://localhost').searchParams;
  const q = params.get('q') ?? '';
  const forgiven = q === 'hamer';
  return {
    q,
    tools: forgiven ? [catalog[0]] : [],
    total: forgiven ? 1 : 0,
    capped: false,
    page: 1,
    pageCount: 1,
    pageSize: 24,
    sort: params.get('sort'),
    corrected: forgiven ? [{ word: 'hamer', correction: 'hammer' }] : [],
  };
}

function renderSection(route = '/') {
  const api = fakeApi(({ url }) =>
    url === '/api/parts'
      ? jsonResponse(catalog)
      : url.startsWith('/api/search?')
        ? jsonResponse(searchAnswer(url))
        : undefined,
  );
  const rendered = renderRoutes([{ path: '/', element: <ToolsSection /> }], { route });
  return { ...api, ...rendered };
}

/** The tool names shown, in order. */
function shownNames(): string[] {
  return screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

describe('ToolsSection: search and sort', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('filters as you type, keeps the search in the URL (replacing the entry) and fetches once', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderSection();
    await screen.findByRole('heading', { name: 'Hand Saw' });
    expect(screen.getByRole('status')).toHaveTextContent('3 tools');
    const box = screen.getByRole('searchbox', { name: 'Search tools' });

    await user.type(box, 'STEEL saw');
    expect(shownNames()).toEqual(['Hand Saw']);
    expect(screen.getByRole('status')).toHaveTextContent('1 tool');
    expect(router.state.location.search).toBe('?q=STEEL+saw');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(box).toHaveValue('STEEL saw');
    expect(requests.filter((request) => request.url.startsWith('/api/parts'))).toHaveLength(1);
  });

  it('sorts with the select, pushing an entry: Back restores the previous order', async () => {
    const user = userEvent.setup();
    const { router } = renderSection('/?q=steel');
    await screen.findByRole('heading', { name: 'Hand Saw' });
    expect(shownNames()).toEqual(['Claw Hammer', 'Hand Saw']);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Price: high to low',
    );
    expect(shownNames()).toEqual(['Hand Saw', 'Claw Hammer']);
    expect(router.state.location.search).toBe('?q=steel&sort=price-desc');
    expect(router.state.historyAction).toBe('PUSH');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    expect(shownNames()).toEqual(['Claw Hammer', 'Hand Saw']);
    await router.navigate(-1);
    await waitFor(() => expect(shownNames()).toEqual(['Hand Saw', 'Claw Hammer']));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
  });

  it('sorts by price and by stock, and shows the catalog order again for Featured', async () => {
    const user = userEvent.setup();
    renderSection('/?sort=price');
    await screen.findByRole('heading', { name: 'Hand Saw' });
    expect(shownNames()).toEqual(['Bügelsäge', 'Claw Hammer', 'Hand Saw']);
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sortBy, 'Most available');
    expect(shownNames()).toEqual(['Bügelsäge', 'Claw Hammer', 'Hand Saw']);
    await user.selectOptions(sortBy, 'Featured');
    expect(shownNames()).toEqual(['Claw Hammer', 'Hand Saw', 'Bügelsäge']);
  });

  it('opens a link with ?q= on the filtered view, unicode included, and ignores an unknown sort', async () => {
    renderSection('/?q=S%C3%84GE&sort=cheapest');
    await screen.findByRole('heading', { name: 'Bügelsäge' });
    expect(shownNames()).toEqual(['Bügelsäge']);
    expect(screen.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('SÄGE');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  });

  it("asks the server when the words are in no tool, and shows what it forgave ('hamer')", async () => {
    const { requests } = renderSection('/?q=hamer');
    await screen.findByText('Showing results for hammer');
    expect(shownNames()).toEqual(['Claw Hammer']);
    expect(requests.map((request) => request.url)).toContain('/api/search?q=hamer');
  });

  it('says no tool matches, and Clear search empties the box and shows every tool', async () => {
    const user = userEvent.setup();
    const { router } = renderSection('/?q=xyz&sort=name');
    const section = await screen.findByText('No tools match "xyz"', { selector: '.card-body p' });
    expect(section).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No tools match "xyz"');
    expect(shownNames()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(shownNames()).toEqual(['Bügelsäge', 'Claw Hammer', 'Hand Saw']);
    const box = screen.getByRole('searchbox', { name: 'Search tools' });
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(router.state.location.search).toBe('?sort=name');

    await router.navigate(-1);
    await waitFor(() => expect(box).toHaveValue('xyz'));
    expect(within(document.body).getByRole('button', { name: 'Clear search' })).toBeVisible();
  });
});
