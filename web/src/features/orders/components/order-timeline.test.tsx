import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderAdminTexts, type OrderEvent } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { fakeIdentityServer } from '../../../test/identity';
import { renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { catchSavedFiles } from '../test/saved-files';
import { OrderTimeline } from './order-timeline';

const words = orderAdminTexts.orderPage;
const NOTE_ID = 'c0000000-0000-4000-8000-000000000007';
const PDF = '%PDF-1.3\n% a credit note\n';

const events: OrderEvent[] = [
  {
    kind: 'refunded',
    at: '2026-03-02T09:00:00.000Z',
    actor: 'Grace Admin',
    detail: { creditNote: 'CN-2026-000007', creditNoteId: NOTE_ID, amount: '$15.00' },
  },
  {
    kind: 'cancelled',
    at: '2026-03-03T09:00:00.000Z',
    actor: 'Grace Admin',
    detail: { refund: 'none' },
  },
  // The gateway's refund in full: no credit note of ours.
  {
    kind: 'refunded',
    at: '2026-03-04T09:00:00.000Z',
    actor: null,
    detail: { transactionId: 'pi_1' },
  },
];

describe("an order's timeline: refunds and cancellations (issue 42)", () => {
  signedInForEachTest();
  const saved = catchSavedFiles();

  it("names a partial refund, a cancellation without refund and the gateway's refund apart, and downloads each credit note", async () => {
    const { server } = fakeIdentityServer({
      answer: ({ method, url }) =>
        method === 'GET' && url === `/api/creditNotes/${NOTE_ID}`
          ? new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } })
          : undefined,
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderTimeline events={events} />);
    expect(screen.getByText(words.partRefunded)).toBeInTheDocument();
    expect(screen.getByText(words.cancelledWithoutRefund)).toBeInTheDocument();
    expect(screen.getByText(words.events.refunded)).toBeInTheDocument();
    expect(screen.getByText('$15.00, CN-2026-000007')).toBeInTheDocument();
    // One download: the gateway's refund and the cancellation without refund have no note.
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      words.downloadCreditNote('CN-2026-000007'),
    ]);

    await user.click(buttons[0]!);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('CN-2026-000007.pdf');
    expect(await saved[0]?.blob.text()).toBe(PDF);
    expect(callsTo(server.requests, 'GET', `/api/creditNotes/${NOTE_ID}`)).toHaveLength(1);
  });
});
