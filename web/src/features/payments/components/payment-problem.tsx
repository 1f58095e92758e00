import { routes, texts } from '@tools-factory/contract';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';

interface PaymentProblemProps {
  /** The server's own words (an order that is not the caller's, a total that changed ...). */
  message: string;
  /** Offered when asking again may help. */
  onRetry?: (() => void) | undefined;
}

/** Whether asking again may help: no answer or a server failure, not the server's final word. */
export function isWorthRetrying(error: unknown): boolean {
  return !(isApiError(error) && error.status >= 400 && error.status < 500);
}

/** Why the order cannot be paid here, in words, with the way back to My Orders. */
export function PaymentProblem({ message, onRetry }: PaymentProblemProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3">
      <p className="font-semibold">{message}</p>
      <div className="flex flex-wrap gap-2">
        {onRetry ? (
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            {texts.retry}
          </button>
        ) : null}
        <Link to={routes.dashboardOrders} className="btn btn-sm btn-outline">
          {texts.payment.backToOrders}
        </Link>
      </div>
    </div>
  );
}
