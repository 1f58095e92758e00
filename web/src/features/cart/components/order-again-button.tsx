import { routes, texts, type AddCartLinesResponse, type Reorder } from '@tools-factory/contract';
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
  const [answer, setAnswer] = useState<AddCartLinesResponse | null>(null);

  function send() {
    orderAgain.mutate(what, {
      onSuccess: setAnswer,
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <>
      <BusyButton type="button" busy={orderAgain.isPending} className={className} onClick={send}>
        {words.button}
      </BusyButton>
      <OrderAgainDialog answer={answer} onClose={() => setAnswer(null)} />
    </>
  );
}

/** What Order again did, line by line, in a modal dialog (native <dialog>, daisyUI modal). */
function OrderAgainDialog({
  answer,
  onClose,
}: {
  answer: AddCartLinesResponse | null;
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

  const results = answer?.results ?? [];
  const added = results.filter((result) => result.outcome === 'added').length;
  const names = new Map(answer?.cart.lines.map((line) => [line.toolId, line.name]));

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
            </li>
          ))}
        </ul>
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
