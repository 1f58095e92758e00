import type { Tool } from '@tools-factory/contract';

/** The tool the web tests show, order and count stock on. */
export const hammer: Tool = {
  _id: '4f1c2d3e-1111-4222-8333-944455566677',
  name: 'Claw Hammer',
  img: '/images/tools/claw-hammer.svg',
  price: 12.5,
  desc: 'Forged steel head, hickory handle.',
  minOrderQuantity: 100,
  availableQuantity: 5000,
};
