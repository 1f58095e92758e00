import { useDeferredValue } from 'react';

/**
 * `value`, its arrival re-rendered as a transition (React yields to the browser every few
 * milliseconds) rather than in the update that brought it, which a query's answer React renders
 * in one task: on a phone, each such render after hydrating was a long task (issue 27). What a
 * part shows meanwhile is the value before. When that one may no longer be shown
 * (`leaving(shown, next)`: signed out, the admin flag gone), the new value is shown at once.
 */
export function useDeferredArrival<T>(value: T, leaving: (shown: T, next: T) => boolean): T {
  const deferred = useDeferredValue(value);
  return leaving(deferred, value) ? value : deferred;
}
