import {
  routes,
  texts,
  type AddCartLinesResponse,
  type CartLineResult,
  type Reorder,
} from '@tools-factory/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useOrderAgain } from '../api/change-cart';

type OrderAgainButtonProps = ({ checkoutId: string } | { orderId: string }) & {
  className?: string;
};

const words = texts.cart.orderAgain;

/**
 * Order again: a past checkout's lines (or one order's line) into the cart at today's prices
 * (POST /api/cart/reorder); a dialog then lists what became of each line (added at which price,
 * or why not) with a link to the cart.
 */
export function OrderAgainButton(props: OrderAgainButtonProps) {
  const { className = 'btn-sm btn-outline' } = props;
  const what: Reorder =
    'checkoutId' in props ? { checkoutId: props.checkoutId } : { orderId: props.orderId };
  const orderAgain = useOrderAgain();
  const [answer, setAnswer] = useState<OrderAgainAnswer | null>(null);

  function send(replace = false) {
    orderAgain.mutate(replace ? { ...what, replace } : what, {
      onSuccess: (response) => setAnswer({ response, replaced: replace }),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <>
      <BusyButton
        type="button"
        busy={orderAgain.isPending}
        className={className}
        onClick={() => send()}
      >
        {words.button}
      </BusyButton>
      <OrderAgainDialog
        answer={answer}
        replacing={orderAgain.isPending}
        onReplace={() => send(true)}
        onClose={() => setAnswer(null)}
      />
    </>
  );
}

/** What the cart answered, and whether the call replaced the held quantities. */
type OrderAgainAnswer = { response: AddCartLinesResponse; replaced: boolean };

/** An added line that went to a tool the cart held already: what it held, and holds now. */
function heldNote(result: CartLineResult): string | null {
  return result.outcome === 'added' && result.heldBefore !== null && result.quantity !== null
    ? texts.cart.inCart(result.heldBefore, result.quantity)
    : null;
}

/**
 * What Order again did, line by line, in a modal dialog (native <dialog>, daisyUI modal); when
 * lines went to tools the cart held already ('500 in cart → 1,500'), the buyer may keep only the
 * past quantities instead (Order again once more, replacing).
 */
function OrderAgainDialog({
  answer,
  replacing,
  onReplace,
  onClose,
}: {
  answer: OrderAgainAnswer | null;
  replacing: boolean;
  onReplace: () => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (answer && !dialog.open) dialog.showModal();
    else if (!answer && dialog.open) dialog.close();
  }, [answer]);

  const results = answer?.response.results ?? [];
  const added = results.filter((result) => result.outcome === 'added').length;
  const names = new Map(answer?.response.cart.lines.map((line) => [line.toolId, line.name]));
  // Lines added to quantities the cart held: the buyer may keep the past ones alone instead.
  const addedToHeld = !answer?.replaced && results.some((result) => heldNote(result) !== null);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="modal-box flex flex-col gap-4">
        <h2 id={titleId} className="text-lg font-bold">
          {words.title}
        </h2>
        <p>{words.summary(added, results.length - added)}</p>
        <ul className="flex flex-col gap-2 text-sm">
          {results.map((result) => (
            <li
              key={result.index}
              className={`rounded-field px-3 py-2 ${
                // The soft red alert keeps its words readable on their tint (AA).
                result.outcome === 'added' ? 'bg-success/10' : 'alert alert-error alert-soft block'
              }`}
            >
              <span className="font-semibold">
                {(result.toolId && names.get(result.toolId)) || result.sku}
              </span>{' '}
              {result.message}
              {heldNote(result) ? (
                <span className="text-base-content/70 block">{heldNote(result)}</span>
              ) : null}
            </li>
          ))}
        </ul>
        {addedToHeld ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm">{words.replaceHint}</p>
            <BusyButton
              type="button"
              busy={replacing}
              className="btn-sm btn-outline"
              onClick={onReplace}
            >
              {words.replace}
            </BusyButton>
          </div>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {words.close}
          </button>
          <Link to={routes.cart} className="btn btn-primary">
            {words.goToCart}
          </Link>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={words.close}>
          {words.close}
        </button>
      </form>
    </dialog>
  );
}
