import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { rowOf } from '../../../test/render';

/** Each test of the calling block runs signed in (token-0 stored) and leaves nothing behind. */
export function signedInForEachTest() {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** An answer that never comes: the list stays loading. */
export const neverAnswered = () => new Promise<Response>(() => undefined);

/** The table's column headers, as read. */
export function columnHeaders(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
}

/** Remove on the order's row, then Delete in the question it asks. */
export async function removeOrder(user: UserEvent, name: string) {
  await user.click(rowOf(name).getByRole('button', { name: 'Remove' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
}
