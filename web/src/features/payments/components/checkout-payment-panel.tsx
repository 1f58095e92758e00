import { texts, type Checkout, type Order } from '@tools-factory/contract';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCheckoutPaymentIntent } from '../api/create-checkout-payment-intent';
import { useDownloadCheckoutInvoice } from '../api/download-checkout-invoice';
import {
  awaitsApproval,
  awaitsShippingQuote,
  invoicedOnAccount,
  unpaidLines,
} from '../checkout-lines';
import { useCheckoutPayment } from '../hooks/use-checkout-payment';
import type { Payer } from './card-form';
import { AwaitingApprovalPanel, CardPaymentPanel, InvoicedPanel, PanelCard } from './payment-panel';
import { PaymentReceipt } from './payment-receipt';

const words = texts.checkoutPayment;

interface CheckoutPaymentPanelProps {
  checkout: Checkout;
  payer: Payer;
  onPaid: (paidLine: Order) => void;
}

/** The checkout's one invoice (every line on it), downloaded and saved. */
function InvoiceButton({ checkout }: { checkout: Checkout }) {
  const invoice = useDownloadCheckoutInvoice();
  return (
    <BusyButton
      busy={invoice.isPending}
      className="btn-outline"
      onClick={() =>
        invoice.mutate(checkout, { onError: (error) => toast.error(errorMessage(error)) })
      }
    >
      {invoice.isPending ? words.downloadingInvoice : words.downloadInvoice}
    </BusyButton>
  );
}

/**
 * The card beside the checkout's summary: one card form for every unpaid line, 'payment is
 * complete' once paid here, or the paid checkout's status and transaction id; its invoice once
 * paid. While its shipping is still to be quoted (issue 42), or while it awaits the buyer's
 * company's approval (issue 44), no form: the buyer is told to wait for the e-mail. Placed on
 * account (issue 45), no form either: its invoice at once.
 */
export function CheckoutPaymentPanel({ checkout, payer, onPaid }: CheckoutPaymentPanelProps) {
  const payment = useCheckoutPayment(checkout, onPaid);
  const intent = useCheckoutPaymentIntent(checkout);
  if (awaitsApproval(checkout)) return <AwaitingApprovalPanel />;
  if (invoicedOnAccount(checkout)) {
    return (
      <InvoicedPanel>
        <InvoiceButton checkout={checkout} />
      </InvoicedPanel>
    );
  }
  if (awaitsShippingQuote(checkout)) {
    return (
      <PanelCard>
        <p role="status" className="alert alert-info alert-soft text-base-content text-sm">
          {texts.shipping.awaitingQuote}
        </p>
      </PanelCard>
    );
  }
  const [first] = checkout.lines;
  const paidBefore =
    unpaidLines(checkout).length === 0 && first ? (
      <PaymentReceipt order={first} alreadyPaidText={words.alreadyPaid}>
        {first.paid ? <InvoiceButton checkout={checkout} /> : null}
      </PaymentReceipt>
    ) : null;
  return (
    <CardPaymentPanel intent={intent} payment={payment} payer={payer} paidBefore={paidBefore}>
      <InvoiceButton checkout={checkout} />
    </CardPaymentPanel>
  );
}
