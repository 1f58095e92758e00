import { routes, shellTexts } from '@tools-factory/contract';
import { Component, type ReactNode } from 'react';
import { Problem } from '../components/ui/problem';
import { isChunkLoadError } from '../lib/lazy-route';
import { reloadPage } from '../lib/reload-page';
import { HydratedMark } from './hydrated-mark';

interface RouteErrorBoundaryProps {
  /** The page's path: on another path, the failure is forgotten and the new page renders. */
  path: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  failed: boolean;
  /** The path the failure happened on. */
  failedOn: string;
}

/**
 * What a page shows instead of crashing: 'Loading chunk failed' with Retry when its script part
 * could not be fetched (offline, or a new deploy replaced it), and a generic message for anything
 * else. It sits inside the shell, around the pages, so the top bar stays usable.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, failed: false, failedOn: '' };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (!state.failed) return { failedOn: props.path };
    return state.failedOn === props.path
      ? null
      : { error: null, failed: false, failedOn: props.path };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <HydratedMark />
        <Problem
          look="page"
          message={
            isChunkLoadError(this.state.error)
              ? shellTexts.loadingChunkFailed
              : shellTexts.somethingWentWrong
          }
          onRetry={reloadPage}
          away={{ to: routes.home, label: shellTexts.nav.home }}
        />
      </>
    );
  }
}
