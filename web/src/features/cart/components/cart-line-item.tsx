import {
  cartQuantitySchema,
  formatMoney,
  routes,
  texts,
  type CartLine,
} from '@tools-factory/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { SkuText } from '../../../components/ui/sku-text';
import { Thumbnail } from '../../../components/ui/thumbnail';

const words = texts.cart.page;

/** The columns of a line from md up: the tool, quantity, unit price, line total, Remove. */
export const CART_LINE_COLUMNS =
  'md:grid md:grid-cols-[minmax(0,1fr)_8rem_7rem_7rem_6.5rem] md:items-center md:gap-4';

interface CartLineItemProps {
  line: CartLine;
  /** Why the last checkout refused this line, when it did (the server's words). */
  refusal?: string | undefined;
  /** Saves a new quantity (PUT); resolves once the cart has answered. */
  onQuantity: (quantity: number) => Promise<void>;
  onRemove: () => void;
  removing: boolean;
}

/** A figure of the line: its name visible on a card (below md), read out beside the table's heads. */
function Figure({
  term,
  value,
  strong = false,
}: {
  term: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex flex-col md:text-right">
      <span className="text-base-content/70 text-xs md:sr-only">{term}</span>
      <span className={`tabular-nums ${strong ? 'font-semibold' : ''}`}>{value}</span>
    </div>
  );
}

/**
 * One line of the cart: a card below md, a row of the cart's columns from md up. Its quantity is
 * saved when the field is left or Enter is pressed (a whole number from 1; the purchase rule is
 * told as the line's problem, not refused); its problems show in words, red when they block the
 * checkout, amber for a price that changed.
 */
export function CartLineItem({ line, refusal, onQuantity, onRemove, removing }: CartLineItemProps) {
  const [typed, setTyped] = useState(String(line.quantity));
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const problemId = useId();
  const onSale = line.unitPrice !== null;

  // The cart answered another quantity (saved here, or on another device): the field shows it.
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setTyped(String(line.quantity));
  }

  async function save() {
    if (saving) return;
    const parsed = cartQuantitySchema().safeParse(typed.trim());
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? texts.fieldErrors.notWhole('quantity'));
      return;
    }
    setProblem(null);
    if (parsed.data === line.quantity) return;
    setSaving(true);
    try {
      await onQuantity(parsed.data);
    } finally {
      setSaving(false);
    }
  }

  function saveOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save();
  }

  const problems = [
    ...line.problems,
    ...(refusal ? [{ code: 'refused' as const, message: refusal }] : []),
  ];
  const described = [problem ? `${problemId}-field` : null, problems.length > 0 ? problemId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      aria-label={line.name || line.sku}
      className={`bg-base-100 border-base-300 rounded-box flex flex-col gap-3 border p-4 shadow-sm md:rounded-none md:border-0 md:border-b md:shadow-none ${
        problems.some((shown) => shown.code !== 'priceChanged') ? 'border-error/60' : ''
      }`}
    >
      <div className={`flex flex-col gap-3 ${CART_LINE_COLUMNS}`}>
        <div className="flex min-w-0 items-center gap-3">
          <Thumbnail src={line.img} size="md" />
          <div className="min-w-0">
            {onSale ? (
              <Link to={routes.purchase(line.toolId)} className="link link-hover font-semibold">
                {line.name}
              </Link>
            ) : (
              <span className="font-semibold">{line.name}</span>
            )}
            <SkuText sku={line.sku} />
          </div>
        </div>
        <div className="grid grid-cols-3 items-start gap-3 md:contents">
          <div className="flex flex-col">
            <label htmlFor={fieldId} className="text-base-content/70 text-xs md:sr-only">
              {words.quantity}
            </label>
            <input
              id={fieldId}
              // The tool's name in it too: a list of lines has as many quantity fields.
              aria-label={words.quantityOf(line.name || line.sku)}
              className={`input input-sm w-full tabular-nums ${problem ? 'input-error' : ''}`}
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              disabled={!onSale || saving}
              aria-invalid={problem ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={() => void save()}
              onKeyDown={saveOnEnter}
            />
            {problem ? (
              <p id={`${problemId}-field`} className="text-error mt-1 text-xs">
                {problem}
              </p>
            ) : null}
          </div>
          <Figure
            term={words.unitPrice}
            value={line.unitPrice === null ? words.noPrice : formatMoney(line.unitPrice)}
          />
          <Figure
            term={words.lineTotal}
            value={line.lineTotal === null ? '-' : formatMoney(line.lineTotal)}
            strong
          />
        </div>
        <BusyButton
          type="button"
          busy={removing}
          className="btn-sm btn-ghost text-error self-start md:self-center"
          aria-label={words.removeLabel(line.name || line.sku)}
          onClick={onRemove}
        >
          {words.remove}
        </BusyButton>
      </div>
      {problems.length > 0 ? (
        <ul id={problemId} className="flex flex-col gap-1 text-sm">
          {problems.map((shown) => (
            <li
              key={`${shown.code}-${shown.message}`}
              // A changed price is told (amber); everything else stops the checkout (red).
              className={
                shown.code === 'priceChanged'
                  ? 'bg-warning/20 rounded-field px-2 py-1'
                  : 'alert alert-error alert-soft rounded-field px-2 py-1 text-sm'
              }
            >
              {shown.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
