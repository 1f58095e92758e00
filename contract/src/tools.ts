import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { InsertedSchema } from './inserted.ts';
import { isQuantityAllowed } from './order-rules.ts';
import {
  PriceBreakListInputSchema,
  PriceBreakSchema,
  priceBreaksProblems,
} from './price-breaks.ts';
import { skuSchema } from './sku.ts';
import { texts } from './texts.ts';
import { MAX_ATTRIBUTE_LENGTH, MAX_CATEGORY_SLUG_LENGTH } from './category-browse.ts';

/**
 * A tool's attributes (issue 43), each a facet of the category pages; a tool without any has
 * none of them (the object is left out of the tool).
 */
export const ToolAttributesSchema = z.object({
  brandLine: z.string().optional(),
  size: z.string().optional(),
  material: z.string().optional(),
});
export type ToolAttributes = z.infer<typeof ToolAttributesSchema>;

export const ToolSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** The tool's SKU (issue 26), beside the spec's fields. */
  sku: z.string(),
  img: z.string(),
  price: MoneySchema,
  desc: z.string(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /**
   * Volume pricing beside the spec's fields (docs/architecture.md#business-buyers): from
   * `minQuantity` units, `price` each; smallest quantity first, empty when the tool has none.
   * `price` above stays the list price.
   */
  priceBreaks: z.array(PriceBreakSchema),
  /** The slug of the tool's category (issue 43); left out when it has none. */
  category: z.string().optional(),
  /** Its attributes (issue 43); left out when it has none. */
  attributes: ToolAttributesSchema.optional(),
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

/** An attribute as Add Product and Edit Tool take it: '' or null for none. */
function attributeInput(field: string) {
  return textSchema(field, { max: MAX_ATTRIBUTE_LENGTH, required: false }).nullable().optional();
}

/**
 * The fields Add Product and Edit Tool share, each with its own rule: one place for them, so that
 * an edited tool follows exactly the rules a new one does.
 */
const ToolFieldsSchema = z.object({
  name: textSchema('name', { max: 120 }),
  desc: textSchema('description', { max: 2000 }),
  img: textSchema('image link', { max: 2000 }).refine(isToolImageLink, texts.adminErrors.imageLink),
  price: priceSchema(),
  minOrderQuantity: wholeNumberSchema('minimum order quantity', { min: 1 }),
  /**
   * The slug of the tool's category (issue 43): '' or null for none; on Edit Tool, left out to
   * keep the one it has. A slug no category has is a 400.
   */
  category: textSchema('category', { max: MAX_CATEGORY_SLUG_LENGTH, required: false })
    .nullable()
    .optional(),
  /**
   * Its three attributes, each '' or null for none; on Edit Tool, left out to keep them, sent
   * to replace all three (one left out is none).
   */
  attributes: z
    .object({
      brandLine: attributeInput('brand line'),
      size: attributeInput('size'),
      material: attributeInput('material'),
    })
    .optional(),
});

/** The fields a cross-field rule reads parsed well: only then is it checked (zod's `when`). */
function parsedWell(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !payload.issues.some((issue) => {
      // A problem of the whole body (not an object at all) leaves no field to read.
      const field = issue.path?.[0];
      return field === undefined || fields.includes(String(field));
    });
}

/**
 * POST /tool: the six fields of the Add Product form, all required, and its optional price breaks. The numbers must make a
 * tool that can be ordered: a price above 0, a minimum of at least 1, and more available than
 * the minimum (the purchase rule asks for a quantity strictly between the two). Every field's
 * problem is told at once: the rules across fields run as soon as the fields they read are
 * readable, whatever the other fields hold.
 */
export const CreateToolSchema = ToolFieldsSchema.extend({
  availableQuantity: wholeNumberSchema('available quantity', { min: 1 }),
  /** The tool's SKU (issue 26); a client that sends only the spec's fields gets one made up. */
  sku: skuSchema.optional(),
  /** Optional volume pricing (the six fields of the spec stay as they are). */
  priceBreaks: PriceBreakListInputSchema.optional().default([]),
})
  // The purchase rule itself: the smallest order (minimum + 1) must be allowed by it.
  .refine((tool) => isQuantityAllowed(tool.minOrderQuantity + 1, tool), {
    message: texts.adminErrors.availableLeavesNoOrder,
    path: ['availableQuantity'],
    when: parsedWell('minOrderQuantity', 'availableQuantity'),
  })
  .superRefine(
    (tool, context) => {
      for (const problem of priceBreaksProblems(tool.priceBreaks, tool)) {
        context.addIssue({ code: 'custom', message: problem, path: ['priceBreaks'] });
      }
    },
    { when: parsedWell('price', 'minOrderQuantity', 'priceBreaks') },
  );
/** What the Add Product form sends (numbers may be strings of digits). */
export type CreateToolInput = z.input<typeof CreateToolSchema>;
export type CreateTool = z.infer<typeof CreateToolSchema>;

/** POST /tool answers 200, as the original did, with the new tool. */
export const CreateToolResponseSchema = InsertedSchema.extend({ tool: ToolSchema });
export type CreateToolResponse = z.infer<typeof CreateToolResponseSchema>;

/**
 * PUT /manageTools/{id} (Edit Tool, issue 25): the five fields of a tool an admin edits, by
 * the rules of Add Product, and its SKU (issue 26). Its price breaks, stock and low-stock
 * threshold have their own calls; the server checks that the breaks still fit the new list
 * price and minimum.
 */
export const UpdateToolSchema = ToolFieldsSchema.extend({
  /** The Edit form always sends it; a client from before SKUs leaves it out and keeps the SKU. */
  sku: skuSchema.optional(),
});
/** What the Edit form sends (numbers may be strings of digits). */
export type UpdateToolInput = z.input<typeof UpdateToolSchema>;
export type UpdateTool = z.infer<typeof UpdateToolSchema>;

/** A removed (archived) tool, as Manage Tools lists them for Restore. */
export const ArchivedToolSchema = ToolSchema.extend({
  /** When it was removed (ISO 8601). */
  archivedAt: z.string(),
});
export type ArchivedTool = z.infer<typeof ArchivedToolSchema>;
export const ArchivedToolListSchema = z.array(ArchivedToolSchema);

/** The pictures POST /manageTools/images takes: at most this many bytes. */
export const MAX_TOOL_IMAGE_BYTES = 5 * 1024 * 1024;
/** The width an uploaded picture is brought down to (never up). */
export const TOOL_IMAGE_MAX_WIDTH = 1200;
/** POST /manageTools/images answers where the stored picture is served. */
export const UploadedToolImageSchema = z.object({ url: z.string() });
export type UploadedToolImage = z.infer<typeof UploadedToolImageSchema>;
