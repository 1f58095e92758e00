import {
  formatMoney,
  routes,
  texts,
  type Cart,
  type CartLine,
  type Spending,
} from '@tools-factory/contract';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { FaExclamationTriangle } from 'react-icons/fa';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useEmptyCart, useRemoveCartLine, useSetCartLine } from '../api/change-cart';
import { useCart } from '../api/get-cart';
import { CartFigures } from '../components/cart-figures';
import { CART_LINE_COLUMNS, CartLineItem } from '../components/cart-line-item';
import {
  CHECKOUT_FORM_ID,
  CheckoutForm,
  type RefusedLine,
  type ShipToChoice,
} from '../components/checkout-form';
import type { AccountTerms } from '../components/payment-choice';

const words = texts.cart.page;

interface CartPageProps {
  /**
   * What the page adds under the checkout for a filled cart (the quotes' request of every line):
   * given the cart's line count and a way to show the lines it refused on the cart's lines.
   */
  besideCheckout?: (cart: Cart, onRefusedLines: (lines: RefusedLine[]) => void) => ReactNode;
  /**
   * A company buyer's monthly limit (issue 44), when they have one: what is left of it is said
   * by the total, and a checkout of more goods than that is told it will wait for approval.
   */
  spending?: Spending | null | undefined;
  /** A company member's ship-to addresses (issue 44), offered by the checkout. */
  shipTo?: ShipToChoice | null | undefined;
  /** A company member's terms with the shop (issue 45): paying on account, the PO rule. */
  account?: AccountTerms | null | undefined;
}

/**
 * /cart (signed-in customers): the cart's lines as they stand now, their goods, shipping and
 * total, what is left of a company buyer's monthly limit, Empty cart, and the checkout. Every
 * change is saved on the server at once, so another device shows it too.
 */
export default function CartPage({ besideCheckout, spending, shipTo, account }: CartPageProps) {
  const cart = useCart();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
      <h1 className="mb-2 text-3xl font-bold">{texts.cart.title}</h1>
      <p className="text-base-content/70 mb-6 text-sm">{words.intro}</p>
      <QueryBoundary query={cart} keepDataOnError>
        {(found) =>
          found.lines.length === 0 ? (
            <EmptyCart />
          ) : (
            <FilledCart
              cart={found}
              besideCheckout={besideCheckout}
              spending={spending}
              shipTo={shipTo}
              account={account}
            />
          )
        }
      </QueryBoundary>
    </section>
  );
}

function EmptyCart() {
  return (
    <EmptyState message={words.empty}>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={{ pathname: routes.home, hash: '#tools' }} className="btn btn-primary">
          {words.findTools}
        </Link>
        <Link to={routes.dashboardQuickOrder} className="btn btn-ghost">
          {words.quickOrder}
        </Link>
      </div>
    </EmptyState>
  );
}

/**
 * Over what is left of the buyer's monthly limit (its goods: the limit counts no shipping), the
 * checkout will wait for their company's approval: said before they check out.
 */
function OverLimitWarning({
  cart,
  spending,
}: {
  cart: Cart;
  spending: Spending | null | undefined;
}) {
  return (
    // Said as the quantities change: the warning comes and goes with them.
    <div aria-live="polite" className="empty:hidden">
      {spending && cart.subtotal > spending.left ? (
        // The page's own text colour on the pale warning ground (daisyUI's is too faint there).
        <p className="alert alert-warning alert-soft text-base-content text-sm">
          <FaExclamationTriangle aria-hidden="true" className="text-warning-content shrink-0" />
          {texts.spending.overLimit(formatMoney(spending.left))}
        </p>
      ) : null}
    </div>
  );
}

function FilledCart({
  cart,
  besideCheckout,
  spending,
  shipTo,
  account,
}: { cart: Cart } & CartPageProps) {
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const emptyCart = useEmptyCart();
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const [refusals, setRefusals] = useState<RefusedLine[]>([]);

  async function setQuantity(line: CartLine, quantity: number) {
    try {
      await setLine.mutateAsync({ toolId: line.toolId, quantity });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  function remove(line: CartLine) {
    removeLine.mutate(line.toolId, {
      onSuccess: () => toast.success(words.removed(line.name || line.sku)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function empty() {
    emptyCart.mutate(undefined, {
      onSuccess: () => {
        setConfirmingEmpty(false);
        toast.success(words.emptied);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  // Every line has its quantity and Remove: a keyboard skips them to the form's first field.
  function skipToCheckout(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    document
      .getElementById(CHECKOUT_FORM_ID)
      ?.querySelector<HTMLElement>('textarea, input')
      ?.focus();
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <a
        href={`#${CHECKOUT_FORM_ID}`}
        onClick={skipToCheckout}
        className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:self-start lg:col-span-2"
      >
        {words.skipToCheckout}
      </a>
      <div className="flex flex-col gap-4">
        <div
          aria-hidden="true"
          className={`text-base-content/70 hidden border-b px-4 pb-2 text-xs font-semibold uppercase ${CART_LINE_COLUMNS}`}
        >
          <span>{words.tool}</span>
          <span>{words.quantity}</span>
          <span className="text-right">{words.unitPrice}</span>
          <span className="text-right">{words.lineTotal}</span>
          <span />
        </div>
        <ul aria-label={words.lines} className="flex flex-col gap-3 md:gap-0">
          {cart.lines.map((line) => (
            <CartLineItem
              key={line.toolId}
              line={line}
              refusal={refusals.find((refused) => refused.toolId === line.toolId)?.message}
              onQuantity={(quantity) => setQuantity(line, quantity)}
              onRemove={() => remove(line)}
              removing={removeLine.isPending && removeLine.variables === line.toolId}
            />
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-4 lg:sticky lg:top-20">
        <div className="card bg-base-100 border-base-300 border shadow-sm">
          <div className="card-body gap-3">
            <CartFigures cart={cart} />
            {spending ? (
              <p className="text-sm">
                {texts.spending.left(
                  formatMoney(spending.left),
                  formatMoney(spending.monthlyLimit),
                )}
              </p>
            ) : null}
            <p className="text-base-content/70 text-sm">{words.lineCount(cart.lines.length)}</p>
            {cart.canCheckout ? null : (
              <p role="status" className="text-error text-sm">
                {words.fixFirst}
              </p>
            )}
            <BusyButton
              type="button"
              className="btn-outline btn-error btn-sm self-start"
              busy={emptyCart.isPending}
              onClick={() => setConfirmingEmpty(true)}
            >
              {words.emptyCart}
            </BusyButton>
          </div>
        </div>
        <CheckoutForm
          total={cart.total}
          canCheckout={cart.canCheckout}
          onRefusedLines={setRefusals}
          shipTo={shipTo}
          account={account}
          warning={<OverLimitWarning cart={cart} spending={spending} />}
        />
        {besideCheckout?.(cart, setRefusals)}
      </div>
      <ConfirmDialog
        open={confirmingEmpty}
        title={words.emptyCartTitle}
        confirmLabel={words.emptyCart}
        cancelLabel={words.keep}
        busy={emptyCart.isPending}
        onConfirm={empty}
        onCancel={() => setConfirmingEmpty(false)}
      >
        {words.emptyCartQuestion}
      </ConfirmDialog>
    </div>
  );
}
