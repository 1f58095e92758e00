import { routes, texts } from '@tools-factory/contract';
import { Problem } from '../../../components/ui/problem';
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
    <Problem
      look="alert"
      message={message}
      onRetry={onRetry}
      away={{ to: routes.dashboardOrders, label: texts.payment.backToOrders }}
    />
  );
}
