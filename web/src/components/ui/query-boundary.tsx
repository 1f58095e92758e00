import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

interface QueryBoundaryProps<TData> {
  query: UseQueryResult<TData>;
  /** The content, once the data is in. */
  children: (data: TData) => ReactNode;
  /** What shows while nothing is known yet: a spinner unless told. */
  pending?: ReactNode;
  /**
   * A failure said otherwise than the readable failure with Retry (a 404 in words, a payment
   * problem); undefined keeps the readable failure.
   */
  renderError?: (error: Error, retry: () => void) => ReactNode;
  /** Classes of a box around the readable failure (its spacing on the page). */
  errorClassName?: string;
  /** Data already shown stays when a later refresh fails: it is still the best known. */
  keepDataOnError?: boolean;
}

/** The pending and failed states around a query, and its content once the data is in. */
export function QueryBoundary<TData>({
  query,
  children,
  pending = <Spinner />,
  renderError,
  errorClassName,
  keepDataOnError = false,
}: QueryBoundaryProps<TData>) {
  if (query.isSuccess) return children(query.data);
  if (keepDataOnError && query.data !== undefined) return children(query.data);
  if (!query.isError) return pending;
  const retry = () => void query.refetch();
  const custom = renderError?.(query.error, retry);
  if (custom !== undefined) return custom;
  const failure = <ErrorState message={query.error.message} onRetry={retry} />;
  return errorClassName ? <div className={errorClassName}>{failure}</div> : failure;
}
