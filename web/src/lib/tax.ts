import { formatMoney, texts, type TaxSummary } from '@tools-factory/contract';

// Issue 45: the tax of a cart or a checkout, said beside its total. A tax at 0 % (the shop's
// default) says nothing: the figures look as they did before there was tax.

const words = texts.checkout.tax;

/** Tax added on top: its row between the shipping and the total (which counts it); else null. */
export function addedTaxFigure(tax: TaxSummary): { term: string; value: string } | null {
  return tax.mode === 'added' && tax.rate > 0
    ? { term: words.added(tax.rate), value: formatMoney(tax.amount) }
    : null;
}

/** What a line under the total says of the tax within it, or of a reverse charge; else null. */
export function taxNote(tax: TaxSummary): string | null {
  if (tax.mode === 'reverse-charge') return words.reverseCharge;
  return tax.mode === 'included' && tax.rate > 0 ? words.included(tax.amount, tax.rate) : null;
}

/** Whether a total says anything of its tax: nothing at 0 % (the shop's default). */
export function saysTax(tax: TaxSummary): boolean {
  return addedTaxFigure(tax) !== null || taxNote(tax) !== null;
}
