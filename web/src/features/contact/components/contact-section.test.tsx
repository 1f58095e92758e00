import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ContactSection } from './contact-section';

const INSERTED_ID = '9a8b7c6d-1111-4222-8333-444455556666';

function renderSection() {
  const user = userEvent.setup();
  renderWithProviders(<ContactSection />);
  return {
    user,
    name: screen.getByRole('textbox', { name: 'Your Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    message: screen.getByRole('textbox', { name: 'Message' }),
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

describe('ContactSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the name, the e-mail and the message in red under each, and sends nothing', async () => {
    const { requests } = fakeApi(() => undefined);
    const form = renderSection();
    await form.user.click(form.send);

    expect(await screen.findByText('name is required')).toBeInTheDocument();
    expect(form.name).toHaveAccessibleDescription('name is required');
    expect(form.email).toHaveAccessibleDescription('email is required');
    expect(form.message).toHaveAccessibleDescription('message is required');
    expect(screen.queryByText('Thank you, we will write back soon')).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/contact')).toHaveLength(0);
  });

  it('sends the message, thanks the visitor once the server took it, and clears the form', async () => {
    const { requests } = fakeApi(({ method, url }) =>
      method === 'POST' && url === '/api/contact'
        ? jsonResponse({ acknowledged: true, insertedId: INSERTED_ID })
        : undefined,
    );
    const form = renderSection();
    await form.user.type(form.name, 'Ada');
    await form.user.type(form.email, 'ada@example.com');
    await form.user.type(form.message, 'Do you ship to Oslo?');
    await form.user.click(form.send);

    expect(await screen.findByText('Thank you, we will write back soon')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/contact')[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Do you ship to Oslo?',
    });
    expect(form.name).toHaveValue('');
    expect(form.email).toHaveValue('');
    expect(form.message).toHaveValue('');
  });

  it('tells a refusal in red, without thanks, keeping what was typed', async () => {
    const tooMany =
      'You have sent several messages just now. Please wait a few minutes and try again.';
    fakeApi(({ url }) =>
      url === '/api/contact' ? jsonResponse({ statusCode: 429, message: tooMany }, 429) : undefined,
    );
    const form = renderSection();
    await form.user.type(form.name, 'Ada');
    await form.user.type(form.email, 'ada@example.com');
    await form.user.type(form.message, 'Hello');
    await form.user.click(form.send);

    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    expect(screen.queryByText('Thank you, we will write back soon')).not.toBeInTheDocument();
    expect(form.name).toHaveValue('Ada');
    expect(form.email).toHaveValue('ada@example.com');
    expect(form.message).toHaveValue('Hello');
  });
});
