import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { rowOf } from '../../../test/render';

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
