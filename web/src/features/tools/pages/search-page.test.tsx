import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ToolSearchPage } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { makeTool } from '../../../test/factories';
import { jsonResponse, renderRoutes } from '../../../test/render';
import SearchPage from './search-page';

const hammers = Array.from({ length: 24 }, (_, index) =>
  makeTool({
    _id: `4f1c2d3e-1111-4222-8333-${String(index).padStart(12, '0')}`,
    name: `Claw Hammer ${index + 1}`,
    desc: 'Forged steel head.',
  }),
);

/** The server's answer: 'hamer' corrected to 'hammer', 30 tools in two pages of 24. */
function answerFor(url: string): ToolSearchPage {
  const params = new URL(url, 'http://localhost').searchParams;
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    tools: page === 1 ? hammers : hammers.slice(0, 6),
    total: 30,
    capped: false,
    page,
    pageCount: 2,
    pageSize: 24,
    sort: null,
    corrected: [{ word: 'hamer', correction: 'hammer' }],
  };
}

function renderSearch(route: string) {
  const api = fakeApi(({ url }) =>
    url.startsWith('/api/search?') ? jsonResponse(answerFor(url)) : undefined,
  );
  return { ...api, ...renderRoutes([{ path: '/search', element: <SearchPage /> }], { route }) };
}

describe('SearchPage: the catalog searched on the server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says what it searched instead, how many it found, and pages through them', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderSearch('/search?q=hamer');
    expect(await screen.findByText('Showing results for hammer')).toBeVisible();
    expect(screen.getByText('No tools match "hamer"')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1-24 of 30 tools');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(24);
    expect(requests.map((request) => request.url)).toEqual(['/api/search?q=hamer']);

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Showing 25-30 of 30 tools')).toBeVisible();
    expect(router.state.location.search).toBe('?q=hamer&page=2');
  });

  it('asks for nothing without words, and searches what is typed', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderSearch('/search');
    expect(screen.getByText('Type a name, a word of a description or a SKU')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search tools' }), 'hamer{Enter}');
    expect(await screen.findByText('Showing results for hammer')).toBeVisible();
    expect(router.state.location.search).toBe('?q=hamer');
    expect(requests).toHaveLength(1);
  });
});
