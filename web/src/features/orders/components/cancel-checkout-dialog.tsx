import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  orderActions,
  texts,
  type ManagedCheckout,
} from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { onOpenAccount } from './cancel-order-dialog';
import { leftToRefund } from './refund-amounts';
import { RefundCheckbox, useRefundChoice } from './refund-choice';

const words = texts.shipments.checkoutPage;

/** The lines a checkout's Cancel takes (those an admin may cancel), and what is left of them. */
export function cancellableOf(checkout: ManagedCheckout): { lines: number; left: number } {
  const lines = checkout.lines.filter((line) => orderActions(line).cancel);
  const leftCents = lines.reduce((sum, line) => sum + dollarsToCents(leftToRefund(line)), 0);
  return { lines: lines.length, left: centsToDollars(leftCents) };
}

interface CancelCheckoutDialogProps {
  /** The checkout to cancel; null: the dialog is closed. */
  checkout: ManagedCheckout | null;
  busy: boolean;
  onConfirm: (checkout: ManagedCheckout, refund: boolean) => void;
  onCancel: () => void;
}

/**
 * "Cancel this checkout?" (issue 42): how many lines it cancels and the sum that goes back, what
 * is left of each line after earlier refunds. As for one order, a checkbox (checked by default)
 * refunds it, and the confirm button names the amount or says nothing goes back.
 */
export function CancelCheckoutDialog({
  checkout,
  onConfirm,
  ...actions
}: CancelCheckoutDialogProps) {
  const { refund, setRefund, last } = useRefundChoice(checkout);
  const left = last ? cancellableOf(last).left : 0;
  // On account, its invoice open (issue 45): its lines are credited off it, no choice to make.
  const onAccount = last
    ? last.lines.filter((line) => orderActions(line).cancel).some(onOpenAccount)
    : false;
  const refunding = (refund || onAccount) && left > 0;
  const confirm = onAccount ? words.cancelConfirmOnAccount : words.cancelConfirm;
  return (
    <RemoveDialog
      item={checkout}
      title={words.cancelTitle}
      confirmLabel={refunding ? confirm(formatMoney(left)) : words.cancelWithoutRefund}
      cancelLabel={words.keep}
      onConfirm={(toCancel) => onConfirm(toCancel, refunding)}
      {...actions}
    >
      {(shown) => (
        <>
          <p className="text-sm">
            <span className="font-semibold">{words.title(shown.reference)}</span>{' '}
            {words.cancelLines(cancellableOf(shown).lines)}
          </p>
          {left > 0 && !onAccount ? (
            <RefundCheckbox
              label={words.refundToCard(formatMoney(left))}
              checked={refund}
              disabled={actions.busy}
              onChange={setRefund}
            />
          ) : null}
          <p className="mt-3 text-sm">
            {onAccount && refunding
              ? words.cancelOnAccountBody(formatMoney(left))
              : refunding
                ? words.cancelRefundBody(formatMoney(left))
                : words.cancelKeepBody}
          </p>
        </>
      )}
    </RemoveDialog>
  );
}
