/** The Add Product form's fields for a tool that CreateToolSchema accepts, for the tests. */
export const SAMPLE_NEW_TOOL = {
  name: 'Claw Hammer',
  desc: 'Forged steel',
  img: '/images/tools/claw-hammer.svg',
  price: 12.99,
  minOrderQuantity: 100,
  availableQuantity: 4200,
};
