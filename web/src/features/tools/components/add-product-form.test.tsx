import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { hammer } from '../../../test/factories';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { toolsServer } from '../test/tools-server';
import { AddProductForm } from './add-product-form';

function renderForm() {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/', element: <AddProductForm /> }]);
  // The home page's list is in the cache, as when the admin came from the home page.
  view.queryClient.setQueryData(['tools'], [hammer]);
  const field = (label: string) => screen.getByLabelText(label);
  return {
    ...view,
    user,
    name: field('Name'),
    sku: field('SKU'),
    description: field('Description'),
    imageLink: field('Image link'),
    price: field('Price'),
    minimum: field('Minimum order quantity'),
    available: field('Available quantity'),
    submit: screen.getByRole('button', { name: 'Add Product' }),
  };
}

type Form = ReturnType<typeof renderForm>;

async function fillIn(form: Form, values: Partial<Record<FieldName, string>>) {
  for (const [field, value] of Object.entries(values) as [FieldName, string][]) {
    await form.user.clear(form[field]);
    if (value !== '') await form.user.type(form[field], value);
  }
}

type FieldName = 'name' | 'sku' | 'description' | 'imageLink' | 'price' | 'minimum' | 'available';

/** Adds a price break row and types its two fields. */
async function addBreak(form: Form, from: string, price: string) {
  await form.user.click(screen.getByRole('button', { name: 'Add a price break' }));
  const rows = screen.getAllByRole('group', { name: /^Price break \d$/ });
  const row = within(rows.at(-1)!);
  if (from !== '') await form.user.type(row.getByLabelText('From quantity'), from);
  if (price !== '') await form.user.type(row.getByLabelText('Unit price'), price);
}

const mallet = {
  name: 'Rubber Mallet',
  description: 'Solid rubber head, ash handle.',
  imageLink: '/images/tools/claw-hammer.svg',
  price: '8.75',
  minimum: '50',
  available: '2000',
};

describe('AddProductForm', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('requires all six fields, each with its message under it, and sends nothing', async () => {
    const { server } = toolsServer();
    const form = renderForm();
    await form.user.click(form.submit);

    for (const [field, message] of [
      [form.name, 'name is required'],
      [form.sku, 'SKU is required'],
      [form.description, 'description is required'],
      [form.imageLink, 'image link is required'],
      [form.price, 'price is required'],
      [form.minimum, 'minimum order quantity is required'],
      [form.available, 'available quantity is required'],
    ] as const) {
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(form.name).toHaveFocus();
    expect(callsTo(server.requests, 'POST', '/api/tool')).toHaveLength(0);
  });

  it.each([
    ['price', 'abc', 'price must be a number'],
    ['price', '12.345', 'price must have at most two decimals'],
    ['price', '0', 'price must be a positive number'],
    ['minimum', 'ten', 'minimum order quantity must be a number'],
    ['minimum', '2.5', 'minimum order quantity must be a whole number'],
    ['minimum', '1e2', 'minimum order quantity must be written with digits only'],
    ['minimum', '0', 'minimum order quantity must be at least 1'],
    [
      'available',
      '50',
      'available quantity must be at least 2 more than the minimum order quantity, or no order could be placed',
    ],
    [
      'available',
      '51',
      'available quantity must be at least 2 more than the minimum order quantity, or no order could be placed',
    ],
    [
      'imageLink',
      'javascript:alert(1)',
      'image link must be an https link or a path on this site starting with /',
    ],
    ['name', '   ', 'name is required'],
    [
      'sku',
      'RM 1',
      'A SKU is letters and digits, with . _ - / between them (at most 32 characters).',
    ],
    ['sku', 'R'.repeat(33), 'SKU must be at most 32 characters'],
  ] as const)('refuses %s %j: %s', async (field, typed, message) => {
    const { server } = toolsServer();
    const form = renderForm();
    await fillIn(form, { ...mallet, [field]: typed });
    await form.user.click(form.submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(form[field]).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(server.requests, 'POST', '/api/tool')).toHaveLength(0);
  });

  it('explains what the image link, the price and the available quantity take', () => {
    toolsServer();
    const form = renderForm();
    expect(form.imageLink).toHaveAccessibleDescription(
      'An https link, or a path on this site such as /images/tools/claw-hammer.svg',
    );
    expect(form.price).toHaveAccessibleDescription('In dollars, at most two decimals');
    expect(form.available).toHaveAccessibleDescription('More than the minimum order quantity');
  });

  it("sends the tool with numbers as numbers, says 'New product added', empties the form and refreshes the catalog", async () => {
    const { server, store } = toolsServer({ tools: [hammer] });
    const form = renderForm();
    await fillIn(form, { ...mallet, price: ' 8.75 ' });
    // The SKU suggested from the name: its initials and four digits.
    const suggested = (form.sku as HTMLInputElement).value;
    expect(suggested).toMatch(/^RM-\d{4}$/);
    await form.user.click(form.submit);

    expect(await screen.findByText('New product added')).toBeInTheDocument();
    const [post] = callsTo(server.requests, 'POST', '/api/tool');
    expect(post?.body).toEqual({
      name: 'Rubber Mallet',
      sku: suggested,
      desc: 'Solid rubber head, ash handle.',
      img: '/images/tools/claw-hammer.svg',
      price: 8.75,
      minOrderQuantity: 50,
      availableQuantity: 2000,
      priceBreaks: [],
    });
    expect(post?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(store.tools.map((tool) => tool.name)).toEqual(['Claw Hammer', 'Rubber Mallet']);
    for (const field of [form.name, form.sku, form.description, form.imageLink, form.price]) {
      expect(field).toHaveValue('');
    }
    expect(form.minimum).toHaveValue('');
    expect(form.available).toHaveValue('');
    expect(form.name).toHaveFocus();
    // The home page's list is stale now: it is asked for again when next shown.
    expect(form.queryClient.getQueryState(['tools'])?.isInvalidated).toBe(true);
  });

  it('suggests a SKU from the name as it is typed, until the admin types their own', async () => {
    const { server } = toolsServer();
    const form = renderForm();
    expect(form.sku).toHaveValue('');
    expect(form.sku).toHaveAccessibleDescription(
      'Suggested from the name. Type your own code to keep it.',
    );
    await form.user.type(form.name, 'Claw');
    const digits = (form.sku as HTMLInputElement).value.slice(-4);
    expect(form.sku).toHaveValue(`C-${digits}`);
    await form.user.type(form.name, ' hammer, heavy');
    expect(form.sku).toHaveValue(`CHH-${digits}`);
    await form.user.clear(form.name);
    expect(form.sku).toHaveValue('');

    await form.user.type(form.name, 'Rubber');
    await form.user.clear(form.sku);
    await form.user.type(form.sku, 'HM-RUB-2');
    await form.user.type(form.name, ' Mallet');
    expect(form.sku).toHaveValue('HM-RUB-2');
    await fillIn(form, { ...mallet, name: 'Rubber Mallet' });
    await form.user.click(form.submit);
    expect(await screen.findByText('New product added')).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/tool')[0]?.body).toMatchObject({
      sku: 'HM-RUB-2',
    });

    // The next product's SKU follows its name again.
    await form.user.type(form.name, 'Pry Bar');
    expect((form.sku as HTMLInputElement).value).toMatch(/^PB-\d{4}$/);
  });

  it('says under the SKU when another tool has it (409), keeping what was typed', async () => {
    toolsServer({
      answer: ({ method, url }) =>
        method === 'POST' && url === '/api/tool'
          ? jsonResponse(
              { message: 'The SKU HM-CLAW-16 is already used by another tool.', statusCode: 409 },
              409,
            )
          : undefined,
    });
    const form = renderForm();
    await fillIn(form, { ...mallet, sku: 'HM-CLAW-16' });
    await form.user.click(form.submit);

    expect(
      await screen.findByText('The SKU HM-CLAW-16 is already used by another tool.'),
    ).toBeInTheDocument();
    expect(form.sku).toHaveAttribute('aria-invalid', 'true');
    expect(form.sku).toHaveFocus();
    expect(form.name).not.toHaveAttribute('aria-invalid', 'true');
    expect(form.name).toHaveValue('Rubber Mallet');
  });

  it('sends the price breaks typed, as numbers, and starts over without them', async () => {
    const { server, store } = toolsServer();
    const form = renderForm();
    expect(screen.getByText('No price breaks')).toBeInTheDocument();
    await fillIn(form, mallet);
    await addBreak(form, '500', '7.99');
    await addBreak(form, '1000', ' 6.99 ');
    await form.user.click(form.submit);

    expect(await screen.findByText('New product added')).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/tool')[0]?.body).toMatchObject({
      priceBreaks: [
        { minQuantity: 500, price: 7.99 },
        { minQuantity: 1000, price: 6.99 },
      ],
    });
    expect(store.tools[0]?.priceBreaks).toHaveLength(2);
    expect(screen.queryAllByRole('group', { name: /^Price break \d$/ })).toHaveLength(0);
  });

  it.each([
    [
      'at the minimum typed',
      '50',
      '7.99',
      'Each price break must start above the minimum order quantity (50)',
    ],
    ['at the price typed', '500', '8.75', 'Each price break must be below the list price ($8.75)'],
  ])(
    "refuses a break %s at the fieldset, with the other fields' problems at once",
    async (_case, from, price, message) => {
      const { server } = toolsServer();
      const form = renderForm();
      await fillIn(form, { ...mallet, name: '' });
      await addBreak(form, from, price);
      await form.user.click(form.submit);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByText('name is required')).toBeInTheDocument();
      expect(
        screen.getByRole('group', { name: 'Price breaks (optional)' }),
      ).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(callsTo(server.requests, 'POST', '/api/tool')).toHaveLength(0);
    },
  );

  it('removes the row asked, and asks for both fields of a row kept', async () => {
    const { server } = toolsServer();
    const form = renderForm();
    await fillIn(form, mallet);
    await addBreak(form, '500', '7.99');
    await addBreak(form, '', '');
    await addBreak(form, '1000', '6.99');
    await form.user.click(screen.getByRole('button', { name: 'Remove price break 1' }));
    const rows = screen.getAllByRole('group', { name: /^Price break \d$/ });
    expect(rows.map((row) => within(row).getByLabelText('From quantity'))).toHaveLength(2);
    expect(within(rows[1]!).getByLabelText('From quantity')).toHaveValue('1000');
    await form.user.click(form.submit);
    expect(await within(rows[0]!).findByText('break quantity is required')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('break price is required')).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/tool')).toHaveLength(0);
  });

  it('says under the name when a tool of that name is on sale already (409), keeping what was typed', async () => {
    toolsServer({
      answer: ({ method, url }) =>
        method === 'POST' && url === '/api/tool'
          ? jsonResponse(
              { message: 'A tool named Rubber Mallet already exists', statusCode: 409 },
              409,
            )
          : undefined,
    });
    const form = renderForm();
    await fillIn(form, mallet);
    await form.user.click(form.submit);

    expect(
      await screen.findByText('A tool named Rubber Mallet already exists'),
    ).toBeInTheDocument();
    expect(form.name).toHaveAttribute('aria-invalid', 'true');
    expect(form.name).toHaveFocus();
    expect(form.name).toHaveValue('Rubber Mallet');
    expect(form.price).toHaveValue('8.75');
    expect(screen.queryByText('New product added')).not.toBeInTheDocument();
    expect(form.queryClient.getQueryState(['tools'])?.isInvalidated).toBe(false);
  });

  it("shows any other refusal in red under the form, in the server's words", async () => {
    toolsServer({
      answer: ({ method }) =>
        method === 'POST'
          ? jsonResponse({ message: 'price must be less than $1,000,000', statusCode: 400 }, 400)
          : undefined,
    });
    const form = renderForm();
    await fillIn(form, mallet);
    await form.user.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'price must be less than $1,000,000',
    );
    expect(form.name).toHaveValue('Rubber Mallet');
  });

  it('cannot be sent twice while the tool is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { server } = toolsServer({
      answer: ({ method }) =>
        method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    });
    const form = renderForm();
    await fillIn(form, mallet);
    await form.user.click(form.submit);
    await vi.waitFor(() => expect(form.submit).toBeDisabled());
    await form.user.click(form.submit);
    expect(callsTo(server.requests, 'POST', '/api/tool')).toHaveLength(1);
    answer(
      jsonResponse({
        acknowledged: true,
        insertedId: hammer._id,
        tool: hammer,
      }),
    );
    expect(await screen.findByText('New product added')).toBeInTheDocument();
  });
});
