import {
  checkQuickOrder,
  goodQuickOrderEntries,
  MAX_CART_LINES,
  parseQuickOrder,
  texts,
  type QuickOrderEntry,
  type QuickOrderTool,
} from '@tools-factory/contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorMessage } from '../../../lib/api-client';
import { useAddCartLines } from '../api/add-cart-lines';
import { useCart } from '../api/get-cart';
import { QuickOrderInput } from './quick-order-input';
import { QuickOrderTable, refusalKey } from './quick-order-table';

const words = texts.quickOrder;

/** What the cart answered at the last Add. */
interface CartAnswers {
  added: number;
  refused: { sku: string; message: string }[];
}

interface QuickOrderProps {
  /** The tools on sale (GET /api/parts): every line is checked against them as it is typed. */
  catalog: readonly QuickOrderTool[];
  /** Where the cart is shown, for the link after Add. */
  cartPath: string;
  /** Lines went to the cart (some or all): what shows the cart should ask for it again. */
  onAdded?: () => void;
  /** The caller has a cart (a customer): what it holds is read, to say what a line adds to. */
  readsCart?: boolean;
}

/** The text left to fix: every line of the rows not added, in their order. */
function linesLeft(entries: readonly QuickOrderEntry[], added: ReadonlySet<QuickOrderEntry>) {
  return entries
    .filter((entry) => !added.has(entry))
    .flatMap((entry) => entry.lines)
    .sort((a, b) => a.lineNumber - b.lineNumber)
    .map((line) => line.raw)
    .join('\n');
}

/**
 * Quick order: lines of 'SKU quantity' pasted or uploaded, checked against the catalog as they
 * are typed (the contract's checkQuickOrder; deferred, so typing stays quick on a long list), each
 * shown with its verdict. Add sends the good rows to the cart in one call (one per 200 rows), then
 * says what the cart did with each; the textarea keeps the bad and the refused lines to fix.
 */
export function QuickOrder({ catalog, cartPath, onAdded, readsCart = true }: QuickOrderProps) {
  const [text, setText] = useState('');
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map());
  const [answers, setAnswers] = useState<CartAnswers | null>(null);
  const addLines = useAddCartLines(onAdded);
  // What the cart holds of each tool: a line of one adds to it ('500 in cart → 1,500'), or
  // replaces it when the buyer says so.
  const cart = useCart({ enabled: readsCart });
  const held = useMemo(
    () => new Map(cart.data?.lines.map((line) => [line.toolId, line.quantity])),
    [cart.data],
  );
  const [replace, setReplace] = useState(false);

  const checkedText = useDeferredValue(text);
  const entries = useMemo(
    () => checkQuickOrder(parseQuickOrder(checkedText), catalog),
    [checkedText, catalog],
  );
  const good = goodQuickOrderEntries(entries);
  const anyHeld = good.some((entry) => held.has(entry.verdict.toolId));

  async function addToCart() {
    // The text as it is now, not as last shown: a line typed a moment ago goes too.
    const now = checkQuickOrder(parseQuickOrder(text), catalog);
    const sent = goodQuickOrderEntries(now);
    if (sent.length === 0) return;
    const { results } = await addLines.mutateAsync({
      lines: sent.map((entry) => ({ sku: entry.verdict.sku, quantity: entry.quantity })),
      replace: replace && anyHeld,
    });
    const added = new Set<QuickOrderEntry>();
    const refused = new Map<string, string>();
    const refusedList: CartAnswers['refused'] = [];
    for (const result of results) {
      const entry = sent[result.index];
      if (!entry) continue;
      if (result.outcome === 'added') {
        added.add(entry);
      } else {
        const message = result.message ?? '';
        refused.set(refusalKey(entry), message);
        refusedList.push({ sku: entry.verdict.sku, message });
      }
    }
    setText(linesLeft(now, added));
    setRefusals(refused);
    setAnswers({ added: added.size, refused: refusedList });
  }

  const badCount = entries.length - good.length;
  return (
    <div className="flex flex-col gap-6">
      <QuickOrderInput text={text} onTextChange={setText} />

      {answers ? (
        <div
          role="status"
          className="card bg-base-100 border-base-300 flex flex-col items-start gap-2 border p-4 shadow-sm"
        >
          <p className="font-semibold">{words.answersTitle}</p>
          {answers.added > 0 ? <p>{words.added(answers.added)}</p> : null}
          {answers.refused.length > 0 ? (
            <>
              <p>{words.refused(answers.refused.length)}</p>
              <ul className="list-disc pl-5">
                {answers.refused.map(({ sku, message }) => (
                  <li key={sku}>
                    <span className="font-mono font-semibold">{sku}</span>: {message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Link to={cartPath} className="btn btn-sm btn-primary">
            {words.goToCart}
          </Link>
        </div>
      ) : null}

      {addLines.isError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {errorMessage(addLines.error)}
        </p>
      ) : null}

      {entries.length === 0 ? (
        <p className="text-base-content/70">{words.empty}</p>
      ) : (
        <section aria-label={words.columns.verdict} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="font-semibold">
              {words.summary(good.length, badCount)}
            </p>
            <BusyButton
              className="btn-primary max-sm:w-full"
              busy={addLines.isPending}
              disabled={good.length === 0}
              onClick={() => void addToCart().catch(() => undefined)}
            >
              {addLines.isPending ? words.adding : words.add(good.length)}
            </BusyButton>
          </div>
          {good.length > MAX_CART_LINES ? (
            <p className="text-warning font-semibold">{words.cartLimit(MAX_CART_LINES)}</p>
          ) : null}
          {anyHeld ? (
            <label className="label cursor-pointer justify-start gap-3 whitespace-normal">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={replace}
                onChange={(event) => setReplace(event.target.checked)}
              />
              <span className="text-base-content">{words.replaceInCart}</span>
            </label>
          ) : null}
          <QuickOrderTable
            entries={entries}
            refusals={refusals}
            held={held}
            replace={replace && anyHeld}
          />
        </section>
      )}
    </div>
  );
}
