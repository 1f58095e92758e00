import { useEffect, useState } from 'react';

/**
 * `value` once it has stood still for `delayMs`: a search typed into a list paged on the server
 * asks once the typing pauses, not at every key; the purchase form's price is read out once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
