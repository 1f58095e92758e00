import { homeTexts } from './home-texts.ts';

/** The words about SKUs (issue 26), in `texts.sku`. */
export const skuTexts = {
  /** The home page's cards print it too: written once, in homeTexts (the home page's words). */
  label: homeTexts.tool.sku,
  /** Under Add Product's SKU field: where its first value comes from. */
  suggestionHint: 'Suggested from the name. Type your own code to keep it.',
  /** Under Edit Tool's SKU field: what a new SKU changes and what it leaves. */
  editHint: 'Orders placed before keep the SKU they were placed with.',
  errors: {
    shape: 'A SKU is letters and digits, with . _ - / between them (at most 32 characters).',
    taken: (sku: string) => `The SKU ${sku} is already used by another tool.`,
  },
};
