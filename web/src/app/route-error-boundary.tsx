import { routes, texts } from '@tools-factory/contract';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/lazy-route';
import { reloadPage } from '../lib/reload-page';

interface ErrorPanelProps {
  title: string;
  onRetry?: () => void;
}

function ErrorPanel({ title, onRetry }: ErrorPanelProps) {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        {onRetry ? (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {texts.retry}
          </button>
        ) : null}
        <Link to={routes.home} className="btn btn-ghost">
          {texts.nav.home}
        </Link>
      </div>
    </section>
  );
}

/**
 * What a route shows instead of crashing: 'Loading chunk failed' with Retry when its script part
 * could not be fetched (offline, or a new deploy replaced it), the not-found text for a 404, and a
 * generic message for anything else.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return <ErrorPanel title={texts.loadingChunkFailed} onRetry={reloadPage} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPanel title={texts.notFound} />;
  }
  return <ErrorPanel title={texts.somethingWentWrong} onRetry={reloadPage} />;
}
