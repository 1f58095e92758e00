import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { InsertedSchema } from './inserted.ts';
import { isQuantityAllowed } from './orders.ts';
import { PriceBreakListInputSchema, PriceBreakSchema, priceBreaksProblem } from './price-breaks.ts';
import { texts } from './texts.ts';

export const ToolSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  img: z.string(),
  price: MoneySchema,
  desc: z.string(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /**
   * Volume pricing beside the spec's fields (DESIGN.md section 11): from `minQuantity` units,
   * `price` each; smallest quantity first, empty when the tool has none. `price` above stays
   * the list price.
   */
  priceBreaks: z.array(PriceBreakSchema),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolListSchema = z.array(ToolSchema);

/** Whitespace, backslashes and control characters: never part of an image link we show. */
const UNSAFE_IN_LINK = /[\s\\\p{Cc}]/u;
/** https, a host name (no user name, no password), an optional port, then path/query/fragment. */
const HTTPS_URL = /^https:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?([/?#].*)?$/i;

/**
 * A tool's image: an https URL, or a path this site serves ('/images/tools/hammer.svg'), as the
 * CSP's img-src allows. Anything else ('http://169.254.169.254/...', 'javascript:', 'data:',
 * '//other.host/x' which browsers read as another host) would end up in an `<img src>` on the
 * home page.
 */
export function isToolImageLink(link: string): boolean {
  if (UNSAFE_IN_LINK.test(link)) return false;
  if (link.startsWith('/')) return !link.includes('//');
  return HTTPS_URL.test(link);
}

/**
 * POST /tool: the six fields of the Add Product form, all required, and its optional price breaks. The numbers must make a
 * tool that can be ordered: a price above 0, a minimum of at least 1, and more available than
 * the minimum (the purchase rule asks for a quantity strictly between the two).
 */
export const CreateToolSchema = z
  .object({
    name: textSchema('name', { max: 120 }),
    desc: textSchema('description', { max: 2000 }),
    img: textSchema('image link', { max: 2000 }).refine(
      isToolImageLink,
      texts.adminErrors.imageLink,
    ),
    price: priceSchema(),
    minOrderQuantity: wholeNumberSchema('minimum order quantity', { min: 1 }),
    availableQuantity: wholeNumberSchema('available quantity', { min: 1 }),
    /** Optional volume pricing (the six fields of the spec stay as they are). */
    priceBreaks: PriceBreakListInputSchema.optional().default([]),
  })
  // The purchase rule itself: the smallest order (minimum + 1) must be allowed by it.
  .refine((tool) => isQuantityAllowed(tool.minOrderQuantity + 1, tool), {
    message: texts.adminErrors.availableLeavesNoOrder,
    path: ['availableQuantity'],
  })
  .superRefine((tool, context) => {
    const problem = priceBreaksProblem(tool.priceBreaks, tool);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['priceBreaks'] });
  });
/** What the Add Product form sends (numbers may be strings of digits). */
export type CreateToolInput = z.input<typeof CreateToolSchema>;
export type CreateTool = z.infer<typeof CreateToolSchema>;

/** POST /tool answers 200, as the original did, with the new tool. */
export const CreateToolResponseSchema = InsertedSchema.extend({ tool: ToolSchema });
export type CreateToolResponse = z.infer<typeof CreateToolResponseSchema>;
