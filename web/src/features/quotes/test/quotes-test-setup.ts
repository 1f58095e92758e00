import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * Every test of the file runs signed in (token-0) with the clock at `now`: the server's day
 * (UTC) decides whether a needed-by date or an offer's last day has passed. Only Date is faked,
 * so Testing Library's own timers keep running.
 */
export function signedInAt(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** A date input takes a whole 'YYYY-MM-DD' at once, as the browser's date picker gives it. */
export function pickDate(input: HTMLElement, day: string) {
  fireEvent.change(input, { target: { value: day } });
}

/** Waits until the list is in: its table, or the words saying it is empty. */
export async function listShown(emptyText: string) {
  await vi.waitFor(() =>
    expect(screen.queryByRole('table') ?? screen.queryByText(emptyText)).not.toBeNull(),
  );
}
