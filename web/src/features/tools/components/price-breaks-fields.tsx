import {
  MAX_PRICE_BREAKS,
  PriceBreakListInputSchema,
  priceBreaksProblems,
  texts,
  type PriceBreak,
} from '@tools-factory/contract';
import { useId } from 'react';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { FaPlus, FaTrash } from 'react-icons/fa';
import { TextField } from '../../../components/ui/text-field';

/** One price break as typed: every input gives text, and the contract reads numbers from digits. */
export interface PriceBreakRow {
  /** Which row this is while rows come and go (React's key), never sent. */
  key: string;
  minQuantity: string;
  price: string;
}

type BreakField = 'minQuantity' | 'price';

/** What is wrong with the rows, as react-hook-form holds it: per row and field, and for the set. */
export type PriceBreakErrors = NonNullable<
  FieldErrors<{ priceBreaks: PriceBreakRow[] }>['priceBreaks']
>;

let rowsMade = 0;

/** A row for each break a tool has (Manage Tools' dialog starts from them), or an empty one. */
export function priceBreakRow(priceBreak?: PriceBreak): PriceBreakRow {
  rowsMade += 1;
  return {
    key: `price-break-${rowsMade}`,
    minQuantity: priceBreak ? String(priceBreak.minQuantity) : '',
    price: priceBreak ? String(priceBreak.price) : '',
  };
}

/** A number as typed: empty is missing ('break price is required'), padding is not part of it. */
function typedNumber(typed: string): string | undefined {
  const trimmed = typed.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The rows as the breaks to send, or what is wrong with them in the contract's words: each row's
 * fields first (under the field), then the set against the tool's list price and minimum
 * (priceBreaksProblem, at the fieldset). Without the tool's figures (Add Product's price or
 * minimum not readable yet) only the rows are checked: the price's own message comes first.
 */
export function readPriceBreaks(
  rows: readonly PriceBreakRow[],
  tool: { price: number; minOrderQuantity: number } | undefined,
): { breaks: PriceBreak[] } | { errors: PriceBreakErrors } {
  const parsed = PriceBreakListInputSchema.safeParse(
    rows.map((row) => ({
      minQuantity: typedNumber(row.minQuantity),
      price: typedNumber(row.price),
    })),
  );
  if (!parsed.success) {
    const rowErrors: (Partial<Record<BreakField, FieldError>> | undefined)[] = rows.map(
      () => undefined,
    );
    let setError: FieldError | undefined;
    for (const issue of parsed.error.issues) {
      const [index, field] = issue.path;
      const error: FieldError = { type: issue.code, message: issue.message };
      if (typeof index === 'number' && (field === 'minQuantity' || field === 'price')) {
        const row = (rowErrors[index] ??= {});
        row[field] ??= error;
      } else {
        setError ??= error;
      }
    }
    return { errors: Object.assign(rowErrors, setError ?? {}) };
  }
  // Every rule the set breaks, at once (not one per try).
  const problems = tool ? priceBreaksProblems(parsed.data, tool) : [];
  if (problems.length > 0) return { errors: { type: 'custom', message: problems.join('. ') } };
  return { breaks: parsed.data };
}

/** A row's two inputs (text, not type="number": the contract's words say what is wrong). */
const BREAK_FIELDS: { field: BreakField; label: string; inputMode: 'numeric' | 'decimal' }[] = [
  { field: 'minQuantity', label: texts.priceBreaks.fromQuantity, inputMode: 'numeric' },
  { field: 'price', label: texts.priceBreaks.breakPrice, inputMode: 'decimal' },
];

interface PriceBreaksFieldsProps {
  rows: PriceBreakRow[];
  onChange: (rows: PriceBreakRow[]) => void;
  errors?: PriceBreakErrors | undefined;
  disabled?: boolean;
}

/**
 * The price breaks editor of Add Product and of Manage Tools' dialog: rows of (from quantity,
 * unit price), each with its remove button, and a button adding one (up to MAX_PRICE_BREAKS).
 * A row's problem shows under its field, the set's at the fieldset.
 */
export function PriceBreaksFields({
  rows,
  onChange,
  errors,
  disabled = false,
}: PriceBreaksFieldsProps) {
  const hintId = useId();
  const errorId = useId();
  const setProblem = errors?.message;
  const { priceBreaks } = texts;

  function change(key: string, field: BreakField, value: string) {
    onChange(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  return (
    <fieldset
      className="border-base-300 rounded-box flex flex-col gap-3 border p-3 sm:p-4"
      aria-describedby={[hintId, setProblem ? errorId : null].filter(Boolean).join(' ')}
      disabled={disabled}
    >
      <legend className="px-1 text-sm font-semibold">{priceBreaks.editorLegend}</legend>
      <p id={hintId} className="text-base-content/70 text-sm">
        {priceBreaks.editorHint}
      </p>
      {rows.length === 0 ? (
        <p className="text-base-content/70 text-sm italic">{priceBreaks.none}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {rows.map((row, index) => {
            const rowErrors = errors?.[index];
            return (
              <div
                key={row.key}
                role="group"
                aria-label={priceBreaks.breakRow(index + 1)}
                // On a phone 'From quantity' takes two lines: both labels do, so the inputs line up.
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 max-sm:[&_label]:flex max-sm:[&_label]:min-h-10 max-sm:[&_label]:items-end sm:gap-3"
              >
                {BREAK_FIELDS.map(({ field, label, inputMode }) => (
                  <TextField
                    key={field}
                    label={label}
                    inputMode={inputMode}
                    autoComplete="off"
                    value={row[field]}
                    error={rowErrors?.[field]?.message}
                    onChange={(event) => change(row.key, field, event.target.value)}
                  />
                ))}
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm text-error mt-12 sm:mt-7"
                  aria-label={priceBreaks.removeBreak(index + 1)}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                >
                  <FaTrash aria-hidden="true" />
                </button>
              </div>
            );
          })}
        </div>
      )}
      {setProblem ? (
        <p id={errorId} role="alert" className="text-error text-sm font-semibold">
          {setProblem}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={rows.length >= MAX_PRICE_BREAKS}
          onClick={() => onChange([...rows, priceBreakRow()])}
        >
          <FaPlus aria-hidden="true" />
          {priceBreaks.addBreak}
        </button>
      </div>
    </fieldset>
  );
}
