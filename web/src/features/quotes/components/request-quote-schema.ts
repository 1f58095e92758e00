import {
  isQuoteQuantityAllowed,
  isTodayOrLater,
  RequestQuoteSchema,
  texts,
  type Tool,
} from '@tools-factory/contract';
import { z } from 'zod';

/**
 * The server's rules for a request, those that need the tool and the day included. A module of
 * its own, loaded when the request form is first checked (request-quote-form.tsx): the purchase
 * page, where the form lives in a dialog, then loads and runs no schema while it starts (issue 27).
 */
export function requestFormSchema(tool: Tool) {
  const { quantity, neededBy, note } = RequestQuoteSchema.shape;
  return z.object({
    quantity: quantity.refine(
      (typed) => isQuoteQuantityAllowed(typed, tool),
      texts.quotes.quantityTooSmall(tool.minOrderQuantity),
    ),
    neededBy: neededBy.refine((day) => isTodayOrLater(day, new Date()), texts.quotes.neededByPast),
    note,
  });
}
