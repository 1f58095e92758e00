import {
  API_BASE,
  apiPaths,
  CreateToolResponseSchema,
  PlaceOrderResponseSchema,
  type Order,
  type Tool,
} from '@tools-factory/contract';
import { expect, type Page } from '@playwright/test';

/**
 * Steps a journey takes through the API rather than the pages it is not about, each with the
 * token of the account the page is signed in as.
 */

/** The Authorization header of the account this page is signed in as. */
export async function bearerOf(page: Page): Promise<{ authorization: string }> {
  return {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
  };
}

/** A new tool on sale (the claw hammer's picture), added with this page's token: an admin's. */
export async function addToolAsAdmin(
  page: Page,
  tool: {
    name: string;
    desc: string;
    price: number;
    minOrderQuantity: number;
    availableQuantity: number;
  },
): Promise<Tool> {
  const response = await page.request.post(`${API_BASE}${apiPaths.addTool}`, {
    headers: await bearerOf(page),
    data: { ...tool, img: '/images/tools/claw-hammer.svg' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return CreateToolResponseSchema.parse(await response.json()).tool;
}

/** An unpaid order placed with this page's token, for `email` (its account's). */
export async function placeOrderAs(
  page: Page,
  order: { email: string; tool: Tool; quantity: number; address: string },
): Promise<Order> {
  const { email, tool, quantity, address } = order;
  const response = await page.request.post(`${API_BASE}${apiPaths.order}`, {
    headers: await bearerOf(page),
    data: { toolId: tool._id, name: tool.name, email, quantity, address },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return PlaceOrderResponseSchema.parse(await response.json()).order;
}
