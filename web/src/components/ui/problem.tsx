import { shellTexts } from '@tools-factory/contract';
import { Link } from 'react-router';

interface ProblemProps {
  /** 'page': the whole page failed (a heading, big buttons, centred); 'alert': a red box in one. */
  look: 'page' | 'alert';
  /** What went wrong, in words. */
  message: string;
  /** Offered when trying again may help. */
  onRetry?: (() => void) | undefined;
  /** A page that works, to go on from. */
  away: { to: string; label: string };
}

/** A failure said plainly (an alert), then Retry when it may help and the way to a working page. */
export function Problem({ look, message, onRetry, away }: ProblemProps) {
  const page = look === 'page';
  const actions = (
    <div className={`flex flex-wrap ${page ? 'justify-center gap-3' : 'gap-2'}`}>
      {onRetry ? (
        <button
          type="button"
          className={`btn ${page ? 'btn-primary' : 'btn-sm'}`}
          onClick={onRetry}
        >
          {shellTexts.retry}
        </button>
      ) : null}
      <Link to={away.to} className={`btn ${page ? 'btn-ghost' : 'btn-sm btn-outline'}`}>
        {away.label}
      </Link>
    </div>
  );
  return page ? (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-bold">{message}</h1>
      {actions}
    </section>
  ) : (
    <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3">
      <p className="font-semibold">{message}</p>
      {actions}
    </div>
  );
}
