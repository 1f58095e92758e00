import { formatCount } from './money.ts';
import { dashboardPageNames } from './shell-texts.ts';

/** 'line 4', 'lines 2 and 7', 'lines 2, 5 and 7': where a row of the table came from. */
function lineList(lineNumbers: readonly number[]): string {
  if (lineNumbers.length === 1) return `line ${lineNumbers[0]}`;
  const numbers = lineNumbers.map(String);
  return `lines ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** Quick order's words (issue 26, /dashborad/quickorder), in `texts.quickOrder`. */
export const quickOrderTexts = {
  title: dashboardPageNames.quickOrder,
  help: 'Paste one line per tool: its SKU, then the quantity, with a comma, semicolon, tab or space between them (HM-CLAW-16 150). Or upload a CSV file of the same two columns; a header row is fine.',
  pasteLabel: 'Lines to order (SKU and quantity)',
  pastePlaceholder: 'HM-CLAW-16, 150\nPL-SLIP-8; 200',
  fileLabel: 'Or upload a CSV file',
  template: 'Download the template',
  templateFileName: 'quick-order-template.csv',
  loadingCatalog: 'Loading the catalog to check your lines ...',
  empty: 'Your lines and their verdicts show here as you type.',
  columns: {
    line: 'line',
    sku: 'SKU',
    tool: 'tool',
    quantity: 'quantity',
    unitPrice: 'unit price',
    lineTotal: 'line total',
    verdict: 'verdict',
  },
  /** The summary above the table. */
  summary: (good: number, bad: number) =>
    `${formatCount(good)} ${good === 1 ? 'line is' : 'lines are'} ready, ${formatCount(bad)} ${
      bad === 1 ? 'needs' : 'need'
    } fixing.`,
  /** The table shows this many rows at most; the rest are still checked and sent. */
  shownOnly: (shown: number, all: number) =>
    `Showing the first ${formatCount(shown)} of ${formatCount(all)} lines.`,
  good: 'Ready to add',
  /** Shown when a line names a tool the cart holds already: add to it (the default) or replace. */
  replaceInCart: 'Replace the quantities already in the cart',
  /** Lines of the same SKU become one row with their quantities summed. */
  merged: (lineNumbers: readonly number[], total: number) =>
    `Same SKU on ${lineList(lineNumbers)}: merged, ${formatCount(total)} in all.`,
  lineLabel: (lineNumbers: readonly number[]) => lineList(lineNumbers),
  /** Why a line cannot go to the cart as it is. */
  verdicts: {
    noQuantity: 'Write the quantity after the SKU.',
    notWholeNumber: (quantity: string) =>
      `"${quantity}" is not a quantity: write a whole number, like 150.`,
    tooManyCells:
      'Write only a SKU and a quantity on this line (no spaces or commas inside a number).',
    skuTooLong: (max: number, length: number) =>
      `A SKU has at most ${formatCount(max)} characters; this one has ${formatCount(length)}.`,
  },
  add: (count: number) => `Add ${formatCount(count)} ${count === 1 ? 'line' : 'lines'} to the cart`,
  adding: 'Adding to the cart ...',
  /** A paste or a file of more lines than a cart holds (and a header row): refused unread. */
  tooManyLines: (max: number, count: number) =>
    `Quick order takes at most ${formatCount(max)} lines at once (as many as a cart holds, and a header row); these are ${formatCount(count)}. Nothing was read: paste or upload them in parts.`,
  /** More good lines than one cart holds: they are sent, the cart refuses what does not fit. */
  cartLimit: (max: number) =>
    `Your cart holds at most ${formatCount(max)} lines: the lines beyond that will be refused.`,
  /** What the cart answered, after Add. */
  added: (count: number) =>
    `${formatCount(count)} ${count === 1 ? 'line was' : 'lines were'} added to your cart.`,
  refused: (count: number) =>
    `${formatCount(count)} ${count === 1 ? 'line was' : 'lines were'} refused: ${
      count === 1 ? 'it stays' : 'they stay'
    } above to fix.`,
  refusedBy: 'The cart refused it:',
  goToCart: 'Go to the cart',
  answersTitle: 'What the cart said',
  file: {
    tooLarge: (maxMegabytes: number) =>
      `This file is too large: a quick order file is at most ${formatCount(maxMegabytes)} MB.`,
    unreadable: 'This file could not be read. Save it as a CSV (text) file and try again.',
    loaded: (name: string) => `${name} is loaded below: check its lines.`,
  },
};
