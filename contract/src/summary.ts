/** BUISNESS SUMMERY: fixed figures (SPEC.md section 3). */
export const businessSummary = [
  { key: 'newCustomer', value: 400 },
  { key: 'completeOrder', value: 2000 },
  { key: 'clients', value: 750 },
  { key: 'reviews', value: 350 },
] as const;
