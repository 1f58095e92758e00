import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  isQuantityAllowed,
  MAX_CART_LINES,
  MAX_QUICK_ORDER_BYTES,
  QUICK_ORDER_TEMPLATE,
  routes,
  skuKey,
  texts,
  type AddCartLines,
  type AddCartLinesResponse,
  type CartLineResult,
  type Tool,
} from '@tools-factory/contract';
import * as contract from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchSavedFiles } from '../../features/orders/test/saved-files';
import { callsTo } from '../../test/fake-api';
import { fakeIdentityServer, maria } from '../../test/identity';
import { makeCart, makeCartLine, makeTool, pliers } from '../../test/factories';
import { jsonResponse, renderRoutes, rowOf } from '../../test/render';
import QuickOrderPage from './quick-order-page';

// The parser, watched: a text refused as too long must never reach it.
vi.mock('@tools-factory/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof contract>();
  return { ...actual, parseQuickOrder: vi.fn(actual.parseQuickOrder) };
});

const hammer = makeTool({
  priceBreaks: [{ minQuantity: 500, price: 10.99 }],
});
const words = texts.quickOrder;

/**
 * GET /api/parts (the catalog) and POST /api/cart/lines as the cart module answers it: each line
 * by SKU (any case), its quantity added to what the cart holds and checked by the purchase rule.
 * `stockNow` is the stock the cart sees, which may have moved since the page read the catalog.
 */
function quickOrderServer({
  tools = [hammer, pliers],
  stockNow = new Map<string, number>(),
  cartLines,
  held = new Map<string, number>(),
}: {
  tools?: Tool[];
  stockNow?: Map<string, number>;
  cartLines?: (body: AddCartLines) => Response;
  /** What the cart holds already, by tool id (GET /api/cart). */
  held?: Map<string, number>;
} = {}) {
  const cart = new Map<string, number>(held);
  function answerCartLines(body: AddCartLines): Response {
    const results = body.lines.map((line, index): CartLineResult => {
      const tool = tools.find((candidate) => skuKey(candidate.sku) === skuKey(line.sku ?? ''));
      const base = {
        index,
        sku: line.sku ?? null,
        quantity: Number(line.quantity),
        heldBefore: null,
      };
      if (!tool) {
        return { ...base, toolId: null, outcome: 'refused', message: 'unknown' };
      }
      const heldBefore = cart.get(tool._id) ?? null;
      const quantity = (body.replace ? 0 : (heldBefore ?? 0)) + Number(line.quantity);
      const stock = stockNow.get(tool.sku) ?? tool.availableQuantity;
      if (!isQuantityAllowed(quantity, { ...tool, availableQuantity: stock })) {
        return {
          ...base,
          toolId: tool._id,
          outcome: 'refused',
          message: texts.cart.problems.aboveAvailable(stock),
        };
      }
      cart.set(tool._id, quantity);
      return { ...base, toolId: tool._id, outcome: 'added', quantity, message: null, heldBefore };
    });
    return jsonResponse({
      results,
      cart: makeCart([]),
    } satisfies AddCartLinesResponse);
  }
  // A signed-in customer (maria): the page reads the cart of customers only.
  const { server } = fakeIdentityServer({
    user: maria,
    answer: ({ method, url, body }) => answerShop(method, url, body),
  });
  function answerShop(method: string, url: string, body: unknown) {
    if (method === 'GET' && url.startsWith('/api/admin/')) return jsonResponse({ admin: false });
    if (method === 'GET' && url === '/api/parts') return jsonResponse(tools);
    if (method === 'GET' && url === '/api/cart') {
      return jsonResponse(
        makeCart(
          [...cart].map(([toolId, quantity]) => {
            const tool = tools.find((candidate) => candidate._id === toolId)!;
            return makeCartLine({ toolId, sku: tool.sku, name: tool.name, quantity });
          }),
        ),
      );
    }
    if (method === 'POST' && url === '/api/cart/lines') {
      return (cartLines ?? answerCartLines)(body as AddCartLines);
    }
    return undefined;
  }
  return { requests: server.requests, cart };
}

async function renderQuickOrder() {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: routes.dashboardQuickOrder, Component: QuickOrderPage }], {
    route: routes.dashboardQuickOrder,
  });
  const textarea = await screen.findByRole('textbox', { name: words.pasteLabel });
  return { ...view, user, textarea };
}

const addButton = (count: number) => screen.getByRole('button', { name: words.add(count) });

describe('Quick order', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'token-0'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('checks pasted lines as they come: good, unknown, below the minimum, and one SKU merged', async () => {
    quickOrderServer();
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste('HM-CLAW-16, 300\nXX-NONE 5\n\npl-slip-8;100\nhm-claw-16\t250');

    expect(await screen.findByText(words.summary(1, 2))).toBeInTheDocument();
    // Lines 1 and 5 are one hammer row of 550, priced at the break 500 reaches.
    const hammerRow = rowOf('HM-CLAW-16');
    expect(hammerRow.getByText(words.lineLabel([1, 5]))).toBeInTheDocument();
    expect(hammerRow.getByText(words.merged([1, 5], 550))).toBeInTheDocument();
    expect(hammerRow.getByText(words.good)).toBeInTheDocument();
    expect(hammerRow.getByText('$10.99')).toBeInTheDocument();
    expect(hammerRow.getByText('$6,044.50')).toBeInTheDocument();
    expect(rowOf('XX-NONE').getByText(texts.cart.refusals.unknownSku('XX-NONE'))).toBeVisible();
    expect(rowOf('pl-slip-8').getByText(texts.cart.problems.belowMinimum(150))).toBeVisible();
    expect(addButton(1)).toBeEnabled();
  });

  it('says what a line adds to a tool the cart holds, and replaces it when asked', async () => {
    const { requests, cart } = quickOrderServer({ held: new Map([[hammer._id, 500]]) });
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste('HM-CLAW-16 1000\nPL-SLIP-8 200');

    const hammerRow = rowOf('HM-CLAW-16');
    expect(await hammerRow.findByText(texts.cart.inCart(500, 1500))).toBeInTheDocument();
    // The pliers are not in the cart: nothing said, and nothing to replace for them.
    expect(rowOf('PL-SLIP-8').queryByText(/in cart/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: words.replaceInCart }));
    expect(hammerRow.getByText(texts.cart.inCart(500, 1000))).toBeInTheDocument();

    await user.click(addButton(2));
    expect(await screen.findByText(words.added(2))).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/cart/lines').map((call) => call.body)).toEqual([
      {
        lines: [
          { sku: 'HM-CLAW-16', quantity: 1000 },
          { sku: 'PL-SLIP-8', quantity: 200 },
        ],
        replace: true,
      },
    ]);
    expect(cart.get(hammer._id)).toBe(1000);
  });

  it('says a SKU of 10 KB is too long, and shows only its start', async () => {
    quickOrderServer();
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste(`${'A'.repeat(10 * 1024)} 150\nHM-CLAW-16 1e20`);

    expect(await screen.findByText(words.verdicts.skuTooLong(32, 10240))).toBeInTheDocument();
    // The row names its SKU by its start: 40 characters and an ellipsis.
    expect(screen.getByText(`${'A'.repeat(40)}…`)).toBeInTheDocument();
    expect(screen.getByText(words.verdicts.notWholeNumber('1e20'))).toBeInTheDocument();
    expect(await screen.findByText(words.summary(0, 2))).toBeInTheDocument();
    expect(addButton(0)).toBeDisabled();
  });

  it('adds the good lines in one call, says so, and leaves the bad lines to fix', async () => {
    const { requests } = quickOrderServer();
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste('HM-CLAW-16 300\nXX-NONE 5\nPL-SLIP-8 200\nPL-SLIP-8 1.5');
    await user.click(await screen.findByRole('button', { name: words.add(2) }));

    expect(await screen.findByText(words.added(2))).toBeInTheDocument();
    const calls = callsTo(requests, 'POST', '/api/cart/lines');
    expect(calls.map((call) => call.body)).toEqual([
      {
        lines: [
          { sku: 'HM-CLAW-16', quantity: 300 },
          { sku: 'PL-SLIP-8', quantity: 200 },
        ],
      },
    ]);
    expect(textarea).toHaveValue('XX-NONE 5\nPL-SLIP-8 1.5');
    expect(screen.getByRole('link', { name: words.goToCart })).toHaveAttribute('href', '/cart');
    expect(await screen.findByText(words.summary(0, 2))).toBeInTheDocument();
  });

  it('shows a line the cart refused (the stock moved) and keeps it to fix', async () => {
    const { cart } = quickOrderServer({ stockNow: new Map([['PL-SLIP-8', 180]]) });
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste('HM-CLAW-16 300\nPL-SLIP-8 200');
    await user.click(await screen.findByRole('button', { name: words.add(2) }));

    const answers = await screen.findByText(words.answersTitle);
    const box = within(answers.parentElement!);
    expect(box.getByText(words.added(1))).toBeInTheDocument();
    expect(box.getByText(words.refused(1))).toBeInTheDocument();
    expect(textarea).toHaveValue('PL-SLIP-8 200');
    expect(
      await rowOf('PL-SLIP-8').findByText(
        `${words.refusedBy} ${texts.cart.problems.aboveAvailable(180)}`,
      ),
    ).toBeInTheDocument();
    expect([...cart.values()]).toEqual([300]);

    // A new quantity is checked afresh: the old refusal no longer shows.
    await user.clear(textarea);
    await user.paste('PL-SLIP-8 170');
    expect(await rowOf('PL-SLIP-8').findByText(words.good)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(words.refusedBy))).not.toBeInTheDocument();
  });

  it('says in words why the cart took nothing (an admin account)', async () => {
    quickOrderServer({
      cartLines: () =>
        jsonResponse({ message: texts.cart.errors.customersOnly, statusCode: 403 }, 403),
    });
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste('HM-CLAW-16 300');
    await user.click(await screen.findByRole('button', { name: words.add(1) }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.cart.errors.customersOnly);
    expect(textarea).toHaveValue('HM-CLAW-16 300');
  });

  it('sends more than 200 good lines in calls of 200, and says the cart holds 200', async () => {
    const tools = Array.from({ length: 201 }, (_, index) =>
      makeTool({
        _id: `4f1c2d3e-1111-4222-8333-${String(index).padStart(12, '0')}`,
        sku: `T-${index}`,
      }),
    );
    const { requests } = quickOrderServer({ tools });
    const { user, textarea } = await renderQuickOrder();
    await user.click(textarea);
    await user.paste(tools.map((tool) => `${tool.sku} 150`).join('\n'));
    expect(await screen.findByText(words.cartLimit(MAX_CART_LINES))).toBeInTheDocument();
    await user.click(addButton(201));

    expect(await screen.findByText(words.added(201))).toBeInTheDocument();
    const calls = callsTo(requests, 'POST', '/api/cart/lines');
    expect(calls.map((call) => (call.body as AddCartLines).lines.length)).toEqual([200, 1]);
  });

  it('refuses 50,000 pasted lines at once, in words, and parses none of them (issue 40 item 8)', async () => {
    quickOrderServer();
    const { user, textarea } = await renderQuickOrder();
    const parsed = vi.mocked(contract.parseQuickOrder);
    parsed.mockClear();
    const lines = Array.from({ length: 50_000 }, (_, index) => `HM-CLAW-16 ${150 + index}`);
    await user.click(textarea);
    await user.paste(lines.join('\n'));

    expect(await screen.findByText(words.tooManyLines(MAX_CART_LINES, 50_000))).toBeInTheDocument();
    expect(textarea).toHaveValue('');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(words.empty)).toBeInTheDocument();
    const longest = Math.max(0, ...parsed.mock.calls.map(([text]) => text.length));
    expect(longest).toBe(0);

    // A file of as many lines is refused the same way; the cart's 200 and a header row are not.
    await user.upload(
      screen.getByLabelText(words.fileLabel),
      new File([lines.join('\r\n')], 'big-order.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(words.tooManyLines(MAX_CART_LINES, 50_000))).toBeVisible();
    expect(screen.queryByText(words.file.loaded('big-order.csv'))).not.toBeInTheDocument();
    expect(textarea).toHaveValue('');
    const most = ['sku,quantity', ...lines.slice(0, MAX_CART_LINES)].join('\n');
    await user.click(textarea);
    await user.paste(most);
    expect(textarea).toHaveValue(most);
    expect(screen.queryByText(words.tooManyLines(MAX_CART_LINES, 50_000))).not.toBeInTheDocument();
  });

  it('reads a CSV file with a header row into the lines to check', async () => {
    quickOrderServer();
    const { user, textarea } = await renderQuickOrder();
    const csv = 'sku,quantity\r\n"HM-CLAW-16","150"\r\nPL-SLIP-8,200\r\n';
    await user.upload(
      screen.getByLabelText(words.fileLabel),
      new File([csv], 'order.csv', { type: 'text/csv' }),
    );

    expect(await screen.findByText(words.file.loaded('order.csv'))).toBeInTheDocument();
    // A textarea keeps line breaks as \n, whatever the file had.
    expect(textarea).toHaveValue(csv.replaceAll('\r\n', '\n'));
    expect(await screen.findByText(words.summary(2, 0))).toBeInTheDocument();
    expect(rowOf('HM-CLAW-16').getByText(words.lineLabel([2]))).toBeInTheDocument();

    // Once the lines are the file's no more, 'loaded below' is not said.
    await user.type(textarea, 'X');
    expect(screen.queryByText(words.file.loaded('order.csv'))).not.toBeInTheDocument();
  });

  it('refuses a file above 5 MB with its limit, without reading it', async () => {
    quickOrderServer();
    const { user, textarea } = await renderQuickOrder();
    const big = new File(['HM-CLAW-16 150\n'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: MAX_QUICK_ORDER_BYTES + 1 });
    const read = vi.spyOn(big, 'text');
    await user.upload(screen.getByLabelText(words.fileLabel), big);

    expect(await screen.findByRole('alert')).toHaveTextContent(words.file.tooLarge(5));
    expect(read).not.toHaveBeenCalled();
    expect(textarea).toHaveValue('');
  });

  describe('the template', () => {
    const saved = catchSavedFiles();

    it('downloads as quick-order-template.csv, the lines a file should have', async () => {
      quickOrderServer();
      const { user } = await renderQuickOrder();
      await user.click(screen.getByRole('button', { name: words.template }));

      expect(saved.map((file) => file.name)).toEqual(['quick-order-template.csv']);
      expect(await saved[0]!.blob.text()).toBe(QUICK_ORDER_TEMPLATE);
    });
  });
});
