import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutInputSchema,
  CheckoutRefusalSchema,
  formatMoney,
  isAwaitingApproval,
  routes,
  texts,
  type CheckoutInput,
  type CheckoutRefusal,
  type PaymentMethod,
  type ShipToAddress,
} from '@tools-factory/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FaExclamationTriangle } from 'react-icons/fa';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { DeliveryFields } from '../../../components/ui/delivery-fields';
import { FormError } from '../../../components/ui/form-error';
import { LabelledField } from '../../../components/ui/labelled-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCheckOut } from '../api/check-out';
import { mayPayOnAccount, PaymentChoice, type AccountTerms } from './payment-choice';

/** The checkout form's id: the cart's skip link leads to its first field. */
export const CHECKOUT_FORM_ID = 'checkout-form';

/**
 * A company member's ship-to addresses (issue 44), and whether the company ships only to them
 * (no address typed at checkout).
 */
export interface ShipToChoice {
  addresses: ShipToAddress[];
  locked: boolean;
}

/** An address as the Ship to select names it: its label, name and first line. */
function shipToOption(address: ShipToAddress): string {
  const firstLine = address.address.split('\n')[0]?.trim() ?? '';
  return texts.shipTo.option(address.label, address.name, firstLine);
}

/** What the checkout keeps of a ship-to address: its name over its address. */
function shipToText(address: ShipToAddress): string {
  return `${address.name}\n${address.address}`;
}

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
  /** What the buyer should know before checking out (issue 44: it will wait for approval). */
  warning?: ReactNode;
  /** A company member's ship-to addresses (issue 44): a Ship to select over the address. */
  shipTo?: ShipToChoice | null | undefined;
  /**
   * A company member's terms with the shop (issue 45): with payment terms, a choice to pay on
   * account; with the PO rule, the PO number required.
   */
  account?: AccountTerms | null | undefined;
}

/**
 * The checkout under the cart: delivery address and phone (as the purchase form), the buyer's
 * PO number, how it is paid (card, or on account for a company with payment terms: issue 45), and
 * Check out, which places every line at once (POST /api/checkout) at the total shown. Placed: on
 * to the checkout's payment page, or to My Orders when it waits for the company's approval (issue
 * 44) or was placed on account (issue 45): nothing to pay by card now. Refused: the reason above
 * the button, each failing line's on the line, the cart asked for again.
 */
export function CheckoutForm({
  total,
  canCheckout,
  onRefusedLines,
  warning,
  shipTo,
  account,
}: CheckoutFormProps) {
  const checkOut = useCheckOut();
  const navigate = useNavigate();
  const idempotencyKey = useIdempotencyKey();
  const sending = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const addresses = shipTo?.addresses ?? [];
  const locked = shipTo?.locked === true;
  // The address chosen ('' for one typed): a locked company's first address to begin with.
  const [chosenId, setChosenId] = useState(() => (locked ? (addresses[0]?._id ?? '') : ''));
  const chosen = addresses.find((address) => address._id === chosenId) ?? null;
  const [payment, setPayment] = useState<PaymentMethod>('card');
  // On account while the company may (an invoice past due pauses it): by card otherwise.
  const paidBy: PaymentMethod =
    payment === 'account' && mayPayOnAccount(account) ? 'account' : 'card';
  const poNumberRequired = account?.terms.poNumberRequired === true;
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: {
      address: chosen ? shipToText(chosen) : '',
      phone: chosen?.phone ?? '',
      poNumber: '',
      companyName: '',
      taxNumber: '',
    },
  });

  // A locked company's addresses that came after the form: its first one is chosen.
  const firstId = addresses[0]?._id;
  useEffect(() => {
    if (locked && chosenId === '' && firstId) choose(firstId);
    // choose only reads what these say.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked, chosenId, firstId]);

  function choose(id: string) {
    const address = addresses.find((one) => one._id === id) ?? null;
    setChosenId(address?._id ?? '');
    // Another address: the fields are emptied for it to be typed.
    setValue('address', address ? shipToText(address) : '', { shouldValidate: false });
    setValue('phone', address?.phone ?? '', { shouldValidate: false });
  }

  async function placeCheckout(values: CheckoutFormValues) {
    if (sending.current) return;
    if (!canCheckout) {
      setFailure(texts.cart.page.fixFirst);
      return;
    }
    // The company's rule, in the server's words (it checks again).
    if (poNumberRequired && values.poNumber.trim() === '') {
      setError(
        'poNumber',
        { message: texts.checkout.errors.poNumberRequired },
        { shouldFocus: true },
      );
      return;
    }
    sending.current = true;
    setFailure(null);
    onRefusedLines([]);
    const checkout: CheckoutInput = {
      ...values,
      ...(chosen ? { shipToId: chosen._id } : {}),
      expectedTotal: total,
      payment: paidBy,
    };
    try {
      const placed = await checkOut.mutateAsync({
        checkout,
        idempotencyKey: idempotencyKey.keyFor(checkout),
      });
      idempotencyKey.renew();
      if (placed.message) toast.info(placed.message);
      if (placed.checkout.lines.some((line) => isAwaitingApproval(line.status))) {
        toast.success(texts.checkout.placedAwaitingApproval(placed.checkout.reference));
        await navigate(routes.dashboardOrders);
        return;
      }
      // On account: its invoice is issued, nothing is paid by card (issue 45).
      if (placed.checkout.status === 'invoiced') {
        toast.success(texts.onAccount.placed(placed.checkout.reference));
        await navigate(routes.dashboardOrders);
        return;
      }
      toast.success(texts.cart.checkout.placed(placed.checkout.reference));
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
        {addresses.length > 0 ? (
          <LabelledField
            label={texts.shipTo.shipTo}
            hint={chosen ? texts.shipTo.chosenHelp : undefined}
          >
            {(control) => (
              <select
                className="select w-full"
                {...control}
                value={chosenId}
                onChange={(event) => choose(event.target.value)}
              >
                {addresses.map((address) => (
                  <option key={address._id} value={address._id}>
                    {shipToOption(address)}
                  </option>
                ))}
                {locked ? null : <option value="">{texts.shipTo.another}</option>}
              </select>
            )}
          </LabelledField>
        ) : locked ? (
          <p role="alert" className="alert alert-warning alert-soft text-sm">
            <FaExclamationTriangle aria-hidden="true" className="shrink-0" />
            {texts.shipTo.lockedNone}
          </p>
        ) : null}
        <DeliveryFields
          address={{ ...register('address'), readOnly: chosen !== null }}
          phone={{ ...register('phone'), readOnly: chosen !== null }}
          errors={{ address: errors.address?.message, phone: errors.phone?.message }}
        />
        <TextField
          label={poNumberRequired ? texts.onAccount.poNumberRequired : texts.checkout.poNumber}
          aria-required={poNumberRequired || undefined}
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
        {account && account.terms.paymentTermsDays !== null ? (
          <PaymentChoice
            paymentTermsDays={account.terms.paymentTermsDays}
            credit={account.credit}
            value={paidBy}
            onChange={setPayment}
          />
        ) : null}
        {warning}
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
