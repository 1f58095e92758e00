import { formatMoney, texts, type Cart } from '@tools-factory/contract';
import { FigureList } from '../../../components/ui/figure-list';
import { TaxNote } from '../../../components/ui/tax-note';
import { formatShipping } from '../../../lib/format';
import { addedTaxFigure } from '../../../lib/tax';

const words = texts.shipping;

/**
 * What the cart comes to (issue 42): its goods, its shipping by the shop's rates ('Free', the
 * charge, or quoted after ordering, with what happens then), and the total the checkout is
 * placed at, with its tax (issue 45: added on top, within it, or a reverse charge); the nudge to
 * cheaper shipping when a little more goods would earn it.
 */
export function CartFigures({ cart }: { cart: Cart }) {
  const addedTax = addedTaxFigure(cart.tax);
  return (
    <div className="flex flex-col gap-2">
      <FigureList
        className="text-sm tabular-nums"
        figures={[
          { term: words.subtotal, value: formatMoney(cart.subtotal) },
          { term: words.line, value: formatShipping(cart.shipping) },
          ...(addedTax ? [addedTax] : []),
        ]}
      />
      {cart.shipping === null ? (
        <p className="text-base-content/70 text-xs">{words.quotedHint}</p>
      ) : null}
      <dl className="border-base-300 flex items-baseline justify-between gap-4 border-t pt-2">
        <dt className="font-semibold">{texts.cart.page.total}</dt>
        <dd className="text-2xl font-bold tabular-nums">{formatMoney(cart.total)}</dd>
      </dl>
      <TaxNote tax={cart.tax} />
      {/* Said as the quantities change: the nudge comes and goes with them. */}
      <p aria-live="polite" className="text-base-content text-sm font-medium">
        {cart.cheaperShipping
          ? words.addMore(cart.cheaperShipping.more, cart.cheaperShipping.charge)
          : null}
      </p>
    </div>
  );
}
