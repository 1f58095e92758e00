import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import {
  isAwaitingApproval,
  isInvoiced,
  isPayable,
  routes,
  texts,
  type Order,
  type PaymentIntentResponse,
} from '@tools-factory/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePaymentSettings } from '../api/get-payment-settings';
import { useCardPayment } from '../hooks/use-card-payment';
import type { CardFormProps, ConfirmCard, Payer } from './card-form';
import { isWorthRetrying, PaymentProblem } from './payment-problem';
import { PaymentReceipt } from './payment-receipt';
import { TestCardForm } from './test-card-form';

// Its own chunk, fetched only when the server uses Stripe: Stripe.js stays off every other page.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface PaymentPanelProps {
  order: Order;
  payer: Payer;
  onPaid: (paidOrder: Order) => void;
}

interface CardFormForGatewayProps extends Omit<CardFormProps, 'clientSecret'> {
  /** The intent the form pays: an order's, or a whole checkout's (issue 26). */
  intent: UseQueryResult<PaymentIntentResponse>;
}

/**
 * The card form the server's gateway needs, holding the intent created for what is paid. The
 * caller asks for the intent beside the settings, not after them: the form is ready sooner.
 */
function CardFormForGateway({ intent, ...formProps }: CardFormForGatewayProps) {
  const settings = usePaymentSettings();
  return (
    <QueryBoundary
      query={settings}
      pending={<Spinner label={texts.payment.loadingCardForm} />}
      renderError={(error, retry) => (
        <PaymentProblem message={errorMessage(error)} onRetry={retry} />
      )}
    >
      {({ gateway, publishableKey }) => {
        if (intent.isError) {
          return (
            <PaymentProblem
              message={errorMessage(intent.error)}
              onRetry={isWorthRetrying(intent.error) ? () => void intent.refetch() : undefined}
            />
          );
        }
        const props: CardFormProps = {
          ...formProps,
          clientSecret: intent.data?.clientSecret ?? null,
        };
        if (gateway === 'test') return <TestCardForm {...props} />;
        if (!publishableKey) return <PaymentProblem message={texts.payment.cardFormUnavailable} />;
        return (
          <Suspense fallback={<Spinner label={texts.payment.loadingCardForm} />}>
            <StripeCardForm publishableKey={publishableKey} {...props} />
          </Suspense>
        );
      }}
    </QueryBoundary>
  );
}

/** The card beside what is paid for: the form, a receipt, or why it cannot be paid yet. */
export function PanelCard({ children }: { children: ReactNode }) {
  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-4">{children}</div>
    </div>
  );
}

interface CardPaymentPanelProps {
  /** The intent the card form pays: an order's, or a whole checkout's. */
  intent: UseQueryResult<PaymentIntentResponse>;
  /** Paying it: resolves with the paid order (a checkout's: the line the payment was recorded on). */
  payment: UseMutationResult<Order, Error, ConfirmCard>;
  payer: Payer;
  /** The receipt of what was paid before this visit, in place of the form; null while unpaid. */
  paidBefore: ReactNode;
  /** More ways on in the receipt of a payment made on this visit (a checkout's invoice). */
  children?: ReactNode;
}

/**
 * The card beside what is paid for: the card form while it is unpaid, 'payment is complete' once
 * it is paid here, or the receipt of what was paid before (no form).
 */
export function CardPaymentPanel({
  intent,
  payment,
  payer,
  paidBefore,
  children,
}: CardPaymentPanelProps) {
  if (payment.isSuccess) {
    return (
      <PanelCard>
        <PaymentReceipt order={payment.data} justPaid>
          {children}
        </PaymentReceipt>
      </PanelCard>
    );
  }
  if (paidBefore) return <PanelCard>{paidBefore}</PanelCard>;
  return (
    <PanelCard>
      <h3 className="card-title">{texts.payment.cardDetails}</h3>
      <CardFormForGateway
        intent={intent}
        payer={payer}
        paying={payment.isPending}
        error={payment.isError ? errorMessage(payment.error) : null}
        onPay={(confirmCard) => payment.mutate(confirmCard)}
      />
    </PanelCard>
  );
}

/**
 * An order over its buyer's monthly limit (issue 44): no card form until their company's admin
 * approves it; the buyer is e-mailed then.
 */
export function AwaitingApprovalPanel() {
  return (
    <PanelCard>
      <p role="status" className="alert alert-info alert-soft text-base-content text-sm">
        {texts.checkout.group.awaitingApprovalNote}
      </p>
    </PanelCard>
  );
}

/**
 * An order placed on account (issue 45): nothing to pay by card, its invoice due within the
 * company's terms; its invoice (a checkout's) and the way back to My Orders.
 */
export function InvoicedPanel({ children }: { children?: ReactNode }) {
  return (
    <PanelCard>
      <p role="status" className="alert alert-info alert-soft text-base-content text-sm">
        {texts.onAccount.invoicedNote}
      </p>
      <div className="flex flex-wrap gap-2">
        {children}
        <Link to={routes.dashboardOrders} className="btn btn-primary">
          {texts.payment.backToOrders}
        </Link>
      </div>
    </PanelCard>
  );
}

/** The payment page's card beside the order's summary. */
export function PaymentPanel({ order, payer, onPaid }: PaymentPanelProps) {
  // Held here, above the form: once paid, the order itself turns paid and the form goes, but
  // this visit still says 'payment is complete'.
  const payment = useCardPayment(order, onPaid);
  const intent = usePaymentIntent(order);
  if (isAwaitingApproval(order.status)) return <AwaitingApprovalPanel />;
  if (isInvoiced(order.status)) return <InvoicedPanel />;
  return (
    <CardPaymentPanel
      intent={intent}
      payment={payment}
      payer={payer}
      paidBefore={isPayable(order.status) ? null : <PaymentReceipt order={order} />}
    />
  );
}
