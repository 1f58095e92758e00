import type { Order } from '@tools-factory/contract';
import type { App } from '../app.ts';
import type { TestAccount } from './accounts.ts';
import { placeTestOrder } from './orders.ts';
import { placePaidOrder } from './payments.ts';

/**
 * The orders the admin's order tests (manage, cancel) work on: `quantity` units of the file's
 * tool, sent to one workshop address.
 */
export const foundryOrder = (quantity = 25) => ({ address: '7 Foundry Yard', quantity });

/** What the order fixtures are made from: the file's app, customer and tool fixtures. */
type OrderFixtureContext = { app: App; customer: TestAccount; tool: { id: string; name: string } };

/** The `unpaidOrder` fixture (`.extend('unpaidOrder', unpaidOrderFixture)`): the customer's order. */
export const unpaidOrderFixture =
  ({ app, customer, tool }: OrderFixtureContext) =>
  (quantity?: number): Promise<Order> =>
    placeTestOrder(app, customer, tool, foundryOrder(quantity));

/** The `paidOrder` fixture (`.extend('paidOrder', paidOrderFixture)`): the customer's order, paid. */
export const paidOrderFixture =
  ({ app, customer, tool }: OrderFixtureContext) =>
  (quantity?: number): Promise<Order> =>
    placePaidOrder(app, customer, tool, foundryOrder(quantity));

/** The `paid` fixture (`.extend('paid', paidFixture)`): the one paid order a test works on. */
export const paidFixture = ({ paidOrder }: { paidOrder: () => Promise<Order> }): Promise<Order> =>
  paidOrder();
