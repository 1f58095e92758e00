import { texts } from '@tools-factory/contract';

interface ErrorStateProps {
  /** The server's message when it sent one. */
  message?: string | undefined;
  onRetry?: () => void;
}

/** A readable failure in place of the content that could not load, with a way to try again. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto max-w-xl">
      <div>
        <p className="font-semibold">{texts.somethingWentWrong}</p>
        {message && message !== texts.somethingWentWrong ? (
          <p className="text-sm">{message}</p>
        ) : null}
      </div>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {texts.retry}
        </button>
      ) : null}
    </div>
  );
}
