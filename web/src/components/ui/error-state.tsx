import { shellTexts } from '@tools-factory/contract';

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
        <p className="font-semibold">{shellTexts.somethingWentWrong}</p>
        {message && message !== shellTexts.somethingWentWrong ? (
          <p className="text-sm">{message}</p>
        ) : null}
      </div>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {shellTexts.retry}
        </button>
      ) : null}
    </div>
  );
}
