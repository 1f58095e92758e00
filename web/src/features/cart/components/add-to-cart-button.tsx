import { routes, texts } from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAddCartLines } from '../api/change-cart';

interface AddToCartButtonProps {
  toolId: string;
  toolName: string;
  /** The quantity typed on the page; null when empty or not a whole number. */
  quantity: number | null;
  className?: string;
}

/**
 * "Add to cart" beside Place Order: adds the typed quantity to what the cart holds of the tool
 * (POST /api/cart/lines, so the sum is checked by the purchase rule and a refusal says why);
 * once added, a toast and a link to the cart.
 */
export function AddToCartButton({
  toolId,
  toolName,
  quantity,
  className = '',
}: AddToCartButtonProps) {
  const addLines = useAddCartLines();
  const [added, setAdded] = useState<string | null>(null);

  async function add() {
    if (quantity === null) {
      // Empty, or not a whole number: the purchase form's own words for it.
      toast.error(texts.purchase.quantityOutOfRange, { toastId: 'quantity-out-of-range' });
      return;
    }
    setAdded(null);
    try {
      const { results } = await addLines.mutateAsync([{ toolId, quantity }]);
      const result = results[0];
      if (result?.outcome !== 'added') {
        toast.error(result?.message ?? texts.cart.refusals.unknownTool);
        return;
      }
      const told = texts.cart.add.added(result.quantity ?? quantity, toolName);
      toast.success(told);
      setAdded(told);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <BusyButton
        type="button"
        busy={addLines.isPending}
        // Outlined in the text's own colour: the brand's orange on white is 2:1 (axe).
        className="btn-outline w-full"
        onClick={() => void add()}
      >
        {texts.cart.add.button}
      </BusyButton>
      <p role="status" className="text-center text-sm empty:hidden">
        {added ? (
          <>
            {added}{' '}
            <Link to={routes.cart} className="link font-semibold">
              {texts.cart.add.viewCart}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
