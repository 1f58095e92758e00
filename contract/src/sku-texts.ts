/** The words about SKUs (issue 26), in `texts.sku`. */
export const skuTexts = {
  label: 'SKU',
  errors: {
    shape: 'A SKU is letters and digits, with . _ - / between them (at most 32 characters).',
    taken: (sku: string) => `The SKU ${sku} is already used by another tool.`,
  },
};
