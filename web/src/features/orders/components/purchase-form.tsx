import {
  formatMoney,
  isQuantityAllowed,
  nextPriceBreak,
  orderTotal,
  texts,
  unitPriceFor,
  type Order,
  type PlaceOrder,
  type Tool,
} from '@tools-factory/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { DeliveryFields } from '../../../components/ui/delivery-fields';
import { FigureList } from '../../../components/ui/figure-list';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { schemaResolver } from '../../../lib/use-sending-form';
import { usePlaceOrder } from '../api/place-order';
import { OrderConfirmation } from './order-confirmation';
import type { PurchaseFormSchema } from './purchase-form-schema';
import { readQuantity } from './purchase-quantity';

type PurchaseFormInput = z.input<typeof PurchaseFormSchema>;
type PurchaseFormValues = z.output<typeof PurchaseFormSchema>;

/** The fields' rules, with the schema library: loaded when the form is first checked. */
const loadPurchaseFormSchema = () =>
  import('./purchase-form-schema').then((module) => module.PurchaseFormSchema);

/** A field the customer cannot change looks it: greyed, like the page around the form. */
const READ_ONLY_FIELD = '[&_.input]:bg-base-200 [&_.input]:text-base-content/80';

/** The form as it starts: the smallest quantity the rule allows (one more than the minimum). */
function emptyForm(tool: Tool): PurchaseFormInput {
  return { quantity: String(tool.minOrderQuantity + 1), address: '', phone: '' };
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
  /**
   * The quantity typed, as a number (null: empty or not a whole number), each time it changes:
   * the page marks its row in the tool's volume pricing.
   */
  onQuantityChange?: (quantity: number | null) => void;
  /** Under Place Order, given the typed quantity: the page's "Add to cart" (issue 26). */
  besidePlaceOrder?: (quantity: number | null) => ReactNode;
}

/** What the typed quantity costs, as the customer reads it beside the field. */
interface PriceForQuantity {
  unitPrice: string;
  total: string;
  /** 'Order 500 or more and pay $10.99 each': the next price break above it, if any. */
  nextBreak: string | null;
}

/** The unit price (its price break's, else the list price), the total and the next break. */
function priceForQuantity(tool: Tool, quantity: number | null): PriceForQuantity {
  if (quantity === null || quantity <= 0) return { unitPrice: '-', total: '-', nextBreak: null };
  const unitPrice = unitPriceFor(tool, quantity);
  const next = nextPriceBreak(tool.priceBreaks, quantity);
  return {
    unitPrice: formatMoney(unitPrice),
    total: formatMoney(orderTotal(unitPrice, quantity)),
    nextBreak: next
      ? texts.priceBreaks.nextBreak(formatCount(next.minQuantity), formatMoney(next.price))
      : null,
  };
}

/** How long typing must pause before the new price is read out to screen-reader users. */
const ANNOUNCE_AFTER_MS = 700;

/**
 * The Idempotency-Key of the order being placed: the same while the same order is sent again (a
 * retry after no answer), a new one for an order with other details or once one is placed.
 */
function useIdempotencyKey() {
  const current = useRef<{ order: string; key: string } | null>(null);
  return {
    keyFor(order: PlaceOrder): string {
      const details = JSON.stringify(order);
      if (current.current?.order !== details) {
        current.current = { order: details, key: crypto.randomUUID() };
      }
      return current.current.key;
    },
    renew() {
      current.current = null;
    },
  };
}

/**
 * Who orders, and the order form of SPEC.md section 2: read-only tool name and e-mail, quantity,
 * address, phone number, Place Order. A quantity outside the rule shows the spec's toast and
 * sends nothing; one that is not a whole number is told under the field. The server's refusals
 * show as a toast, with the form left as it was. A placed order says 'Order succes', shows its
 * confirmation and empties the form for the next one.
 */
export function PurchaseForm({
  tool,
  customer,
  onOrderSettled,
  onQuantityChange,
  besidePlaceOrder,
}: PurchaseFormProps) {
  const placeOrder = usePlaceOrder();
  const idempotencyKey = useIdempotencyKey();
  // Set before the first await: a second submit in the same moment (a double click, before the
  // disabled button has rendered) finds it and sends nothing.
  const sending = useRef(false);
  const [placed, setPlaced] = useState<Order | null>(null);
  const orderedById = useId();
  // Once per form: the rules are then loaded once.
  const [resolver] = useState(() => schemaResolver(loadPurchaseFormSchema));
  const {
    register,
    handleSubmit,
    control,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({
    resolver,
    defaultValues: emptyForm(tool),
  });
  const typedQuantity = useWatch({ control, name: 'quantity' });

  /** The quantity when the rule allows it; otherwise the spec's toast, and null. */
  function allowedQuantity(quantity: number | null): number | null {
    if (quantity !== null && isQuantityAllowed(quantity, tool)) return quantity;
    toast.error(texts.purchase.quantityOutOfRange, { toastId: 'quantity-out-of-range' });
    return null;
  }

  async function send(order: PlaceOrder) {
    sending.current = true;
    try {
      const { order: created } = await placeOrder.mutateAsync({
        order,
        idempotencyKey: idempotencyKey.keyFor(order),
      });
      idempotencyKey.renew();
      toast.success(texts.purchase.orderSuccess);
      setPlaced(created);
      reset(emptyForm(tool));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      sending.current = false;
      onOrderSettled?.();
    }
  }

  async function placeValidOrder({ quantity: typed, address, phone }: PurchaseFormValues) {
    if (sending.current) return;
    const quantity = allowedQuantity(typed);
    if (quantity === null) return;
    await send({
      toolId: tool._id,
      name: tool.name,
      address,
      phone,
      quantity,
      email: customer.email,
      // The unit price the page showed: the server answers 409 with today's when it differs.
      price: unitPriceFor(tool, quantity),
    });
  }

  /**
   * The address is missing or too long: its message shows under it, and a quantity outside the
   * rule is told at once too (one that is not a whole number has its own message).
   */
  function tellProblems(problems: FieldErrors<PurchaseFormInput>) {
    if (problems.quantity) return;
    const read = readQuantity(getValues('quantity'));
    if ('quantity' in read) allowedQuantity(read.quantity);
  }

  const read = readQuantity(typedQuantity);
  const quantity = 'quantity' in read ? read.quantity : null;
  useEffect(() => {
    onQuantityChange?.(quantity);
  }, [quantity, onQuantityChange]);
  const price = priceForQuantity(tool, quantity);
  const announcement = useDebouncedValue(
    [
      `${texts.priceBreaks.yourUnitPrice} ${price.unitPrice}`,
      `${texts.purchase.total} ${price.total}`,
      price.nextBreak,
    ]
      .filter(Boolean)
      .join('. '),
    ANNOUNCE_AFTER_MS,
  );

  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-5">
        {placed ? <OrderConfirmation order={placed} /> : null}
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

        <form
          noValidate
          onSubmit={(event) => void handleSubmit(placeValidOrder, tellProblems)(event)}
          className="flex flex-col gap-4"
        >
          <TextField
            label={texts.purchase.toolName}
            value={tool.name}
            readOnly
            className={READ_ONLY_FIELD}
          />
          {/* Text, not type="number": the browser would hand over '' for '0x65' and accept
              '1e2', so the customer would not learn what is wrong with what they typed. */}
          <TextField
            label={texts.purchase.quantity}
            inputMode="numeric"
            autoComplete="off"
            hint={texts.purchase.quantityHint(tool.minOrderQuantity, tool.availableQuantity)}
            error={errors.quantity?.message}
            {...register('quantity')}
          />
          <div className="bg-base-200 rounded-box -mt-2 flex flex-col gap-1 p-3">
            <FigureList
              figures={[
                { term: texts.priceBreaks.yourUnitPrice, value: price.unitPrice },
                { term: texts.purchase.total, value: price.total, emphasized: true },
              ]}
            />
            {price.nextBreak ? <p className="text-accent text-sm">{price.nextBreak}</p> : null}
            {quantity !== null && quantity > tool.availableQuantity ? (
              <p role="status" className="alert alert-warning alert-soft text-sm">
                {texts.purchase.aboveStock(formatCount(tool.availableQuantity))}
              </p>
            ) : null}
            {/* One polite region, read once typing pauses: the figures above change with every
                keystroke, which would otherwise be read out one by one. */}
            <p className="sr-only" aria-live="polite" aria-atomic="true">
              {announcement}
            </p>
          </div>
          <TextField
            label={texts.purchase.email}
            type="email"
            value={customer.email}
            readOnly
            className={READ_ONLY_FIELD}
          />
          <DeliveryFields
            address={register('address')}
            phone={register('phone')}
            errors={{ address: errors.address?.message, phone: errors.phone?.message }}
          />
          <BusyButton
            type="submit"
            busy={isSubmitting || placeOrder.isPending}
            className="btn-primary w-full"
          >
            {texts.purchase.placeOrder}
          </BusyButton>
          {besidePlaceOrder?.(quantity)}
        </form>
      </div>
    </div>
  );
}
