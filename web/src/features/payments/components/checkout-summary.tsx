import { formatMoney, orderTotal, texts, type Checkout } from '@tools-factory/contract';
import { CardSection } from '../../../components/ui/card-section';
import { TaxNote } from '../../../components/ui/tax-note';
import { formatCount, formatShipping } from '../../../lib/format';
import { addedTaxFigure } from '../../../lib/tax';

const words = texts.checkoutPayment;

interface CheckoutSummaryProps {
  checkout: Checkout;
}

/**
 * What one payment pays for (issue 26): every line of the checkout with its SKU, quantity, unit
 * price and line total, then its shipping (issue 42), its tax (issue 45) and the total. A table
 * where there is room; on a phone each line is a short block of its own, as five columns do not
 * fit 360 px.
 */
export function CheckoutSummary({ checkout }: CheckoutSummaryProps) {
  const { columns } = words;
  const addedTax = addedTaxFigure(checkout.tax);
  return (
    <CardSection title={words.summary}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/70">{words.reference}</dt>
        <dd className="font-mono">{checkout.reference}</dd>
        {checkout.poNumber ? (
          <>
            <dt className="text-base-content/70">{words.poNumber}</dt>
            <dd className="break-all">{checkout.poNumber}</dd>
          </>
        ) : null}
      </dl>

      <div className="hidden md:block">
        <table className="table table-sm">
          <caption className="sr-only">{words.lines(checkout.lines.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.sku}</th>
              <th scope="col">{columns.tool}</th>
              <th scope="col" className="text-right">
                {columns.quantity}
              </th>
              <th scope="col" className="text-right">
                {columns.unitPrice}
              </th>
              <th scope="col" className="text-right">
                {columns.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {checkout.lines.map((line) => (
              <tr key={line._id}>
                <td className="font-mono text-xs whitespace-nowrap">{line.sku}</td>
                <td className="break-words">{line.name}</td>
                <td className="text-right tabular-nums">{formatCount(line.quantity)}</td>
                <td className="text-right tabular-nums">{formatMoney(line.price)}</td>
                <td className="text-right font-semibold tabular-nums">
                  {formatMoney(orderTotal(line.price, line.quantity))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-base-300 flex flex-col divide-y md:hidden">
        {checkout.lines.map((line) => (
          <li key={line._id} className="flex flex-col gap-1 py-3 first:pt-0">
            <span className="font-semibold break-words">{line.name}</span>
            <span className="text-base-content/70 font-mono text-xs break-all">
              <span className="sr-only">{columns.sku} </span>
              {line.sku}
            </span>
            <span className="flex justify-between gap-4">
              <span className="tabular-nums">
                {columns.quantityTimesPrice(formatCount(line.quantity), formatMoney(line.price))}
              </span>
              <span className="font-semibold tabular-nums">
                <span className="sr-only">{columns.lineTotal} </span>
                {formatMoney(orderTotal(line.price, line.quantity))}
              </span>
            </span>
          </li>
        ))}
      </ul>

      <dl className="border-base-300 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-2">
        <dt>{texts.shipping.line}</dt>
        <dd className="text-right tabular-nums">{formatShipping(checkout.shipping)}</dd>
        {addedTax ? (
          <>
            <dt>{addedTax.term}</dt>
            <dd className="text-right tabular-nums">{addedTax.value}</dd>
          </>
        ) : null}
        <dt className="text-lg font-bold">{words.total}</dt>
        <dd className="text-right text-lg font-bold tabular-nums">{formatMoney(checkout.total)}</dd>
      </dl>
      <TaxNote tax={checkout.tax} className="text-sm" />
      <p className="text-base-content/70 text-sm">{words.oneCharge}</p>
    </CardSection>
  );
}
