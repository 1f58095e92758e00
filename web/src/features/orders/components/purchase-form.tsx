import { zodResolver } from '@hookform/resolvers/zod';
import {
  isQuantityAllowed,
  orderTotal,
  PlaceOrderSchema,
  texts,
  type Tool,
} from '@tools-factory/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { usePlaceOrder } from '../api/place-order';

// The fields the customer types, checked by the same rules as the server's. The quantity is kept
// as typed: its rule (SPEC.md section 5) is answered with a toast, not a message under the field.
const PurchaseFormSchema = z.object({
  quantity: z.string(),
  address: PlaceOrderSchema.shape.address,
  phone: PlaceOrderSchema.shape.phone,
});
type PurchaseFormInput = z.input<typeof PurchaseFormSchema>;
type PurchaseFormValues = z.output<typeof PurchaseFormSchema>;

/** A field the customer cannot change looks it: greyed, like the page around the form. */
const READ_ONLY_FIELD = '[&_.input]:bg-base-200 [&_.input]:text-base-content/80';

/** The smallest quantity the rule allows: one more than the minimum. */
function smallestAllowedQuantity(tool: Tool): string {
  return String(tool.minOrderQuantity + 1);
}

export interface Customer {
  name: string;
  email: string;
}

interface PurchaseFormProps {
  tool: Tool;
  customer: Customer;
  /**
   * After every answer to an order, placed or refused: the stock (or the price) it was checked
   * against has moved, so whatever shows the tool should ask for it again.
   */
  onOrderSettled?: () => void;
}

/**
 * Who orders, and the order form of SPEC.md section 2: read-only tool name and e-mail, quantity,
 * address, phone number, Place Order. A quantity outside the rule shows the spec's toast and
 * sends nothing; the server's refusals show as a toast too, with the form left as it was.
 */
export function PurchaseForm({ tool, customer, onOrderSettled }: PurchaseFormProps) {
  const placeOrder = usePlaceOrder();
  const orderedById = useId();
  const quantityHintId = useId();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    resetField,
    formState: { errors },
  } = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({
    resolver: zodResolver(PurchaseFormSchema),
    defaultValues: { quantity: smallestAllowedQuantity(tool), address: '', phone: '' },
  });
  const typedQuantity = useWatch({ control, name: 'quantity' });

  /** The typed quantity when the rule allows it; otherwise the spec's toast, and null. */
  function allowedQuantity(typed: string): number | null {
    const quantity = typed.trim() === '' ? Number.NaN : Number(typed);
    if (isQuantityAllowed(quantity, tool)) return quantity;
    toast.error(texts.purchase.quantityOutOfRange, { toastId: 'quantity-out-of-range' });
    return null;
  }

  const submit = handleSubmit(
    async ({ quantity: typed, address, phone }) => {
      const quantity = allowedQuantity(typed);
      if (quantity === null) return;
      try {
        await placeOrder.mutateAsync({
          toolId: tool._id,
          name: tool.name,
          address,
          phone,
          quantity,
          email: customer.email,
          price: tool.price,
        });
        toast.success(texts.purchase.orderSuccess);
        resetField('quantity', { defaultValue: smallestAllowedQuantity(tool) });
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        onOrderSettled?.();
      }
    },
    // The address is missing: its message shows under it, and a bad quantity is told at once too.
    () => void allowedQuantity(getValues('quantity')),
  );

  const quantityNumber = Number(typedQuantity);
  const total =
    Number.isInteger(quantityNumber) && quantityNumber > 0
      ? formatPrice(orderTotal(tool.price, quantityNumber))
      : '-';

  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-5">
        <section aria-labelledby={orderedById} className="bg-base-200 rounded-box p-4">
          <h2 id={orderedById} className="mb-2 font-semibold">
            {texts.purchase.orderedBy}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/70">{texts.purchase.customerName}</dt>
            <dd className="min-w-0 font-semibold break-words">{customer.name}</dd>
            <dt className="text-base-content/70">{texts.purchase.email}</dt>
            <dd className="min-w-0 font-semibold break-all">{customer.email}</dd>
          </dl>
        </section>

        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TextField
            label={texts.purchase.toolName}
            value={tool.name}
            readOnly
            className={READ_ONLY_FIELD}
          />
          <div className="flex flex-col gap-1">
            <TextField
              label={texts.purchase.quantity}
              type="number"
              inputMode="numeric"
              min={tool.minOrderQuantity + 1}
              max={tool.availableQuantity - 1}
              step={1}
              aria-describedby={quantityHintId}
              {...register('quantity')}
            />
            <p id={quantityHintId} className="text-base-content/70 text-sm">
              {texts.purchase.quantityHint(tool.minOrderQuantity, tool.availableQuantity)}
            </p>
          </div>
          <TextField
            label={texts.purchase.email}
            type="email"
            value={customer.email}
            readOnly
            className={READ_ONLY_FIELD}
          />
          <TextField
            label={texts.purchase.address}
            autoComplete="street-address"
            aria-required="true"
            error={errors.address?.message}
            {...register('address')}
          />
          <TextField
            label={texts.purchase.phone}
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <p className="flex items-baseline justify-between text-lg">
            <span className="text-base-content/70">{texts.purchase.total}</span>
            <span className="font-bold">{total}</span>
          </p>
          <BusyButton type="submit" busy={placeOrder.isPending} className="btn-primary w-full">
            {texts.purchase.placeOrder}
          </BusyButton>
        </form>
      </div>
    </div>
  );
}
