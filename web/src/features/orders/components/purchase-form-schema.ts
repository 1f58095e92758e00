import { deliveryFields } from '@tools-factory/contract';
import { z } from 'zod';
import { readQuantity } from './purchase-quantity';

/**
 * The purchase form's fields, checked by the same rules as the server's. A module of its own,
 * loaded when the form is first checked (purchase-form.tsx): the purchase page then loads and
 * runs no schema while it starts (issue 27).
 */
export const PurchaseFormSchema = z.object({
  quantity: z.string().transform((typed, context) => {
    const read = readQuantity(typed);
    if ('problem' in read) {
      context.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return read.quantity;
  }),
  ...deliveryFields,
});
