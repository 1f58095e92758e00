import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  texts,
  type ManagedMessage,
  type ManagedMessagesPage,
  type MessageState,
} from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ContactMessages } from './contact-messages';

const t = texts.messagesAdmin;
const RECEIVED = '2026-12-01T09:30:00.000Z';
const PAGE_URL = '/api/manageMessages/page';

const vera: ManagedMessage = {
  _id: '1a2b3c4d-1111-4222-8333-444455556666',
  name: 'Vera Visitor',
  email: 'vera@example.com',
  message: 'Do you make 2 kg sledgehammers?',
  createdAt: RECEIVED,
  readAt: null,
  archivedAt: null,
  replies: [],
};
const otto: ManagedMessage = {
  ...vera,
  _id: '1a2b3c4d-2222-4222-8333-444455556666',
  name: 'Otto Older',
  email: 'otto@example.com',
  message: 'Is the spanner chrome-plated?',
  readAt: RECEIVED,
};

/** Visitors 1 to `count`, newest first, in the inbox. */
function visitors(count: number): ManagedMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    ...vera,
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Visitor ${index + 1}`,
    message: `Question ${index + 1}`,
  }));
}

/** A folder's count as the server answers it: `countCap` at most, and whether more are there. */
function countOf(folder: ManagedMessage[], countCap: number) {
  return { total: Math.min(folder.length, countCap), capped: folder.length > countCap };
}

/**
 * A page of a folder as GET /api/manageMessages/page answers it: 50 a page, `after` here the id
 * of the row before (the web never reads a cursor), each folder counted up to `countCap`.
 */
function pageOf(held: ManagedMessage[], url: string, countCap: number): ManagedMessagesPage {
  const params = new URL(url, 'http://localhost').searchParams;
  const inbox = held.filter((message) => message.archivedAt === null);
  const archive = held.filter((message) => message.archivedAt !== null);
  const folder = params.get('folder') === 'archive' ? archive : inbox;
  const after = params.get('after');
  const start = after ? folder.findIndex((message) => message._id === after) + 1 : 0;
  const page = folder.slice(start, start + 50);
  const inboxCount = countOf(inbox, countCap);
  const archiveCount = countOf(archive, countCap);
  return {
    messages: page,
    ...countOf(folder, countCap),
    inbox: inboxCount.total,
    inboxCapped: inboxCount.capped,
    archive: archiveCount.total,
    archiveCapped: archiveCount.capped,
    next: start + 50 < folder.length ? (page.at(-1)?._id ?? null) : null,
  };
}

/**
 * GET, PATCH and reply as the contact module answers them, on a list kept here; a folder's count
 * stops at `countCap` (MANAGED_MESSAGES_COUNT_CAP on the server).
 */
function messagesServer(messages: ManagedMessage[] = [vera, otto], countCap = 10_000) {
  let held = messages;
  const change = (id: string, edit: (message: ManagedMessage) => ManagedMessage) => {
    held = held.map((message) => (message._id === id ? edit(message) : message));
    return held.find((message) => message._id === id);
  };
  return fakeApi(({ method, url, body }) => {
    if (method === 'GET' && url.startsWith(PAGE_URL))
      return jsonResponse(pageOf(held, url, countCap));
    const [, id, action] = /^\/api\/manageMessages\/([^/]+)(?:\/(reply))?$/.exec(url) ?? [];
    if (!id) return undefined;
    if (method === 'PATCH') {
      const { read, archived } = body as MessageState;
      return jsonResponse(
        change(id, (message) => ({
          ...message,
          ...(read === undefined ? {} : { readAt: read ? RECEIVED : null }),
          ...(archived === undefined ? {} : { archivedAt: archived ? RECEIVED : null }),
        })),
      );
    }
    if (method === 'POST' && action === 'reply') {
      const { reply } = body as { reply: string };
      return jsonResponse(
        change(id, (message) => ({
          ...message,
          readAt: RECEIVED,
          replies: [...message.replies, { body: reply, sentAt: RECEIVED, by: 'Shop Owner' }],
        })),
        201,
      );
    }
    return undefined;
  });
}

const cardOf = (name: string) => within(screen.getByRole('article', { name: new RegExp(name) }));

describe('ContactMessages', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'token-0'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the inbox, new ones marked, and marks a message read and archives it', async () => {
    const { requests } = messagesServer();
    const user = userEvent.setup();
    renderWithProviders(<ContactMessages />);
    expect(await screen.findByRole('button', { name: t.inbox(2) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(cardOf('Vera Visitor').getByText(t.unread)).toBeInTheDocument();
    expect(cardOf('Otto Older').queryByText(t.unread)).toBeNull();

    await user.click(cardOf('Vera Visitor').getByRole('button', { name: t.markRead }));
    await vi.waitFor(() => expect(cardOf('Vera Visitor').queryByText(t.unread)).toBeNull());
    await user.click(cardOf('Vera Visitor').getByRole('button', { name: t.archiveMessage }));
    expect(await screen.findByText(t.archived('Vera Visitor'))).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: /Vera/ })).toBeNull());
    expect(
      callsTo(requests, 'PATCH', `/api/manageMessages/${vera._id}`).map((call) => call.body),
    ).toEqual([{ read: true }, { archived: true }]);

    await user.click(screen.getByRole('button', { name: t.archive(1) }));
    await user.click(cardOf('Vera Visitor').getByRole('button', { name: t.unarchive }));
    expect(await screen.findByText(t.unarchived('Vera Visitor'))).toBeInTheDocument();
    expect(await screen.findByText(t.archiveEmpty)).toBeInTheDocument();
  });

  it('replies in a dialog, says to whom it went, and shows the reply under the message', async () => {
    const { requests } = messagesServer();
    const user = userEvent.setup();
    renderWithProviders(<ContactMessages />);
    await screen.findByRole('article', { name: /Vera Visitor/ });
    await user.click(cardOf('Vera Visitor').getByRole('button', { name: t.reply }));
    const dialog = screen.getByRole('dialog', { name: t.replyTitle('Vera Visitor') });
    expect(dialog).toHaveAccessibleDescription(t.replyIntro('vera@example.com'));

    // Nothing typed: said under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await within(dialog).findByText(texts.fieldErrors.required('reply'))).toBeVisible();
    await user.type(within(dialog).getByLabelText(t.replyLabel), 'Yes, from stock.');
    await user.click(within(dialog).getByRole('button', { name: t.send }));

    expect(await screen.findByText(t.sent('vera@example.com'))).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/api/manageMessages/${vera._id}/reply`)).toEqual([
      expect.objectContaining({ body: { reply: 'Yes, from stock.' } }),
    ]);
    expect(await cardOf('Vera Visitor').findByText('Yes, from stock.')).toBeInTheDocument();
    expect(cardOf('Vera Visitor').getByText(/Replied by Shop Owner/)).toBeInTheDocument();
  });

  it('shows 50 messages of a folder a page: Next goes on, Previous back, a folder from its first', async () => {
    const { requests } = messagesServer([...visitors(51), { ...otto, archivedAt: RECEIVED }]);
    const user = userEvent.setup();
    renderWithProviders(<ContactMessages />);
    expect(await screen.findByRole('button', { name: t.inbox(51) })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(
      callsTo(requests, 'GET', `${PAGE_URL}?folder=inbox`)[0]?.headers.get('Authorization'),
    ).toBe('Bearer token-0');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('navigation', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(cardOf('Visitor 51').getByText('Question 51')).toBeInTheDocument();
    expect(
      callsTo(
        requests,
        'GET',
        `${PAGE_URL}?folder=inbox&after=00000000-0000-4000-8000-000000000049`,
      ),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: t.archive(1) }));
    expect(await screen.findByRole('article', { name: /Otto Older/ })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.inbox(51) }));
    expect(await screen.findByRole('navigation', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('says "more than" on a folder whose count is capped, and pages it without a count (issue 43)', async () => {
    messagesServer([...visitors(52), { ...otto, archivedAt: RECEIVED }], 51);
    const user = userEvent.setup();
    renderWithProviders(<ContactMessages />);
    expect(await screen.findByRole('button', { name: t.inboxAtLeast(51) })).toBeInTheDocument();
    expect(t.inboxAtLeast(10_000)).toBe('Inbox (more than 10,000)');
    expect(screen.getByRole('button', { name: t.archive(1) })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Page 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('navigation', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when no message came yet', async () => {
    messagesServer([]);
    renderWithProviders(<ContactMessages />);
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
