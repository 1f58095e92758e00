/**
 * Every amount of money the product shows (web and e-mails) goes through this one formatter, so
 * '$33,768.75' reads the same everywhere: US dollars, thousands separators, always two decimals.
 */
const dollarsFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in dollars as people read it: formatMoney(33768.75) === '$33,768.75'. */
export function formatMoney(dollars: number): string {
  return dollarsFormat.format(dollars);
}
