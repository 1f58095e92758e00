import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutInputSchema,
  CheckoutRefusalSchema,
  formatMoney,
  routes,
  texts,
  type CheckoutInput,
  type CheckoutRefusal,
} from '@tools-factory/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { DeliveryFields } from '../../../components/ui/delivery-fields';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCheckOut } from '../api/check-out';

/** The checkout form's id: the cart's skip link leads to its first field. */
export const CHECKOUT_FORM_ID = 'checkout-form';

/** A line the server refused at checkout, with why. */
export type RefusedLine = NonNullable<CheckoutRefusal['lines']>[number];

/**
 * What the buyer types: where the lines go, their own PO number, and the company and tax number
 * their invoice names (the contract's rules).
 */
const CheckoutFormSchema = CheckoutInputSchema.pick({
  address: true,
  phone: true,
  poNumber: true,
  companyName: true,
  taxNumber: true,
});
type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;

/**
 * The Idempotency-Key of the checkout being placed: the same while the same checkout is sent
 * again (a retry after no answer), a new one for other details (another total, another address)
 * or once one is placed.
 */
function useIdempotencyKey() {
  const current = useRef<{ checkout: string; key: string } | null>(null);
  return {
    keyFor(checkout: CheckoutInput): string {
      const details = JSON.stringify(checkout);
      if (current.current?.checkout !== details) {
        current.current = { checkout: details, key: crypto.randomUUID() };
      }
      return current.current.key;
    },
    renew() {
      current.current = null;
    },
  };
}

interface CheckoutFormProps {
  /**
   * The total the page shows, goods and shipping: sent as `expectedTotal`, so that nothing else
   * is placed.
   */
  total: number;
  /** False while a line blocks the checkout: the button says why instead of sending. */
  canCheckout: boolean;
  /** The lines the server refused at the last attempt, with why (shown on their lines). */
  onRefusedLines: (lines: RefusedLine[]) => void;
}

/**
 * The checkout under the cart: delivery address and phone (as the purchase form), the buyer's
 * PO number, and Check out, which places every line at once (POST /api/checkout) at the total
 * shown. Placed: on to the checkout's payment page. Refused: the reason above the button, each
 * failing line's on the line, the cart asked for again.
 */
export function CheckoutForm({ total, canCheckout, onRefusedLines }: CheckoutFormProps) {
  const checkOut = useCheckOut();
  const navigate = useNavigate();
  const idempotencyKey = useIdempotencyKey();
  const sending = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: { address: '', phone: '', poNumber: '', companyName: '', taxNumber: '' },
  });

  async function placeCheckout(values: CheckoutFormValues) {
    if (sending.current) return;
    if (!canCheckout) {
      setFailure(texts.cart.page.fixFirst);
      return;
    }
    sending.current = true;
    setFailure(null);
    onRefusedLines([]);
    const checkout: CheckoutInput = { ...values, expectedTotal: total };
    try {
      const placed = await checkOut.mutateAsync({
        checkout,
        idempotencyKey: idempotencyKey.keyFor(checkout),
      });
      idempotencyKey.renew();
      toast.success(texts.cart.checkout.placed(placed.checkout.reference));
      if (placed.message) toast.info(placed.message);
      await navigate(routes.dashboardCheckoutPayment(placed.checkout._id));
    } catch (error) {
      setFailure(errorMessage(error));
      const refusal = isApiError(error) ? CheckoutRefusalSchema.safeParse(error.body) : null;
      if (refusal?.success) onRefusedLines(refusal.data.lines ?? []);
    } finally {
      sending.current = false;
    }
  }

  return (
    <form
      id={CHECKOUT_FORM_ID}
      noValidate
      aria-labelledby="checkout-title"
      onSubmit={(event) => void handleSubmit(placeCheckout)(event)}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="checkout-title" className="card-title">
          {texts.cart.checkout.title}
        </h2>
        <p className="text-base-content/70 text-sm">{texts.cart.checkout.intro}</p>
        <DeliveryFields
          address={register('address')}
          phone={register('phone')}
          errors={{ address: errors.address?.message, phone: errors.phone?.message }}
        />
        <TextField
          label={texts.checkout.poNumber}
          autoComplete="off"
          error={errors.poNumber?.message}
          {...register('poNumber')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={texts.checkout.companyName}
            autoComplete="organization"
            error={errors.companyName?.message}
            {...register('companyName')}
          />
          <TextField
            label={texts.checkout.taxNumber}
            autoComplete="off"
            error={errors.taxNumber?.message}
            {...register('taxNumber')}
          />
        </div>
        <FormError message={failure} />
        <BusyButton
          type="submit"
          busy={isSubmitting || checkOut.isPending}
          className="btn-primary w-full"
        >
          {texts.cart.checkout.submit(formatMoney(total))}
        </BusyButton>
      </div>
    </form>
  );
}
