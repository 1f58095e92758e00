import { shellTexts } from '@tools-factory/contract';
import { Link } from 'react-router';

// Whole class names, so Tailwind sees each one in the source.
const looks = {
  /** A page of its own (a page that failed): full-size buttons, centred. */
  page: { row: 'justify-center gap-3', retry: 'btn-primary', away: 'btn-ghost' },
  /** Inside an alert: small buttons, from the left. */
  alert: { row: 'gap-2', retry: 'btn-sm', away: 'btn-sm btn-outline' },
};

interface ProblemActionsProps {
  look: keyof typeof looks;
  /** Offered when trying again may help. */
  onRetry?: (() => void) | undefined;
  /** A page that works, to go on from. */
  away: { to: string; label: string };
}

/** What the reader can do about a failure: Retry (when it may help), or go to a page that works. */
export function ProblemActions({ look, onRetry, away }: ProblemActionsProps) {
  const classes = looks[look];
  return (
    <div className={`flex flex-wrap ${classes.row}`}>
      {onRetry ? (
        <button type="button" className={`btn ${classes.retry}`} onClick={onRetry}>
          {shellTexts.retry}
        </button>
      ) : null}
      <Link to={away.to} className={`btn ${classes.away}`}>
        {away.label}
      </Link>
    </div>
  );
}
