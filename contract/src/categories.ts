import { z } from 'zod';
import {
  ALL_TOOLS_SLUG,
  CATEGORY_SLUG_PATTERN,
  CATEGORY_SORTS,
  DEFAULT_CATEGORY_SORT,
  facetKey,
  MAX_ATTRIBUTE_LENGTH,
  MAX_CATEGORY_NAME_LENGTH,
  MAX_CATEGORY_PAGE,
  MAX_CATEGORY_SLUG_LENGTH,
  MAX_FACET_VALUES,
} from './category-browse.ts';
import { categoryTexts } from './category-texts.ts';
import { IdSchema, textSchema, wholeNumberSchema } from './common.ts';
import { texts } from './texts.ts';
import { ToolSchema } from './tools.ts';

const errors = categoryTexts.errors;

/** A category of the tree, as GET /api/categories lists it. */
export const CategorySchema = z.object({
  _id: IdSchema,
  slug: z.string(),
  name: z.string(),
  /** The parent's slug; null at the top level. */
  parent: z.string().nullable(),
  /** Its place among its siblings (smaller first). */
  position: z.number().int(),
  /** 1 at the top level. */
  depth: z.number().int(),
  /** The tools on sale in it and in every category under it. */
  toolCount: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

/** GET /api/categories: the whole tree, depth first (each category right after its parent). */
export const CategoryTreeSchema = z.object({
  categories: z.array(CategorySchema),
  /** Every tool on sale, in a category or not. */
  toolsOnSale: z.number().int(),
  /**
   * Whether the home page lists every tool (at most HOME_PAGE_TOOLS_LIMIT are on sale), or the
   * categories and the first page of GET /api/categories/all/tools.
   */
  homeShowsEveryTool: z.boolean(),
});
export type CategoryTree = z.infer<typeof CategoryTreeSchema>;

const CategoryLinkSchema = z.object({ slug: z.string(), name: z.string() });
export type CategoryLink = z.infer<typeof CategoryLinkSchema>;

/** One value of a facet: its key (as URLs name it), as a tool spells it, and its tools. */
export const FacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** The tools that have it and pass the other facets' filters. */
  count: z.number().int(),
  selected: z.boolean(),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

export const CategorySortSchema = z.enum(CATEGORY_SORTS, {
  error: () => texts.fieldErrors.notOneOf('sort', CATEGORY_SORTS),
});

/** GET /api/categories/{slug}/tools: one page of a category's tools, with its facets. */
export const CategoryToolsPageSchema = z.object({
  category: CategoryLinkSchema,
  /** Its ancestors, the top level first (empty for a top-level category and for `all`). */
  breadcrumb: z.array(CategoryLinkSchema),
  subcategories: z.array(CategoryLinkSchema.extend({ toolCount: z.number().int() })),
  tools: z.array(ToolSchema),
  /** The tools that pass every filter. */
  total: z.number().int(),
  page: z.number().int(),
  /** At least 1, with no tool at all too. */
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  sort: CategorySortSchema,
  /** Every value the category's tools have, each counted under the other facets' filters. */
  facets: z.object({
    brandLine: z.array(FacetValueSchema),
    size: z.array(FacetValueSchema),
    material: z.array(FacetValueSchema),
  }),
});
export type CategoryToolsPage = z.infer<typeof CategoryToolsPageSchema>;

/** A facet's chosen values in a query: one value, or the parameter repeated; read as keys. */
function facetValuesSchema(field: string) {
  const value = textSchema(field, { max: MAX_ATTRIBUTE_LENGTH, required: false });
  return z
    .union([value, z.array(value)], { error: () => texts.fieldErrors.notText(field) })
    .optional()
    .transform((values, context) => {
      const list = values === undefined ? [] : Array.isArray(values) ? values : [values];
      const keys = [...new Set(list.map(facetKey))].filter(Boolean);
      if (keys.length > MAX_FACET_VALUES) {
        context.addIssue({
          code: 'custom',
          message: texts.fieldErrors.tooLarge(`${field} values`, MAX_FACET_VALUES),
        });
        return z.NEVER;
      }
      return keys;
    });
}

/** GET /api/categories/{slug}/tools's query: facet values, sort, page. */
export const CategoryToolsQuerySchema = z.object({
  brandLine: facetValuesSchema('brandLine'),
  size: facetValuesSchema('size'),
  material: facetValuesSchema('material'),
  sort: CategorySortSchema.optional().default(DEFAULT_CATEGORY_SORT),
  page: wholeNumberSchema('page', { min: 1, max: MAX_CATEGORY_PAGE }).optional().default(1),
});
export type CategoryToolsQueryInput = z.input<typeof CategoryToolsQuerySchema>;
export type CategoryToolsQuery = z.infer<typeof CategoryToolsQuerySchema>;

export const CategorySlugParamsSchema = z.object({ slug: z.string() });

/** A new category's slug: its shape, and never the slug of every tool. */
const CategorySlugSchema = textSchema('slug', { max: MAX_CATEGORY_SLUG_LENGTH })
  .refine((slug) => CATEGORY_SLUG_PATTERN.test(slug), errors.slugShape)
  .refine((slug) => slug !== ALL_TOOLS_SLUG, errors.slugReserved(ALL_TOOLS_SLUG));

const CategoryNameSchema = textSchema('name', { max: MAX_CATEGORY_NAME_LENGTH });

/** A parent named by its slug; null (or '') for the top level. */
const ParentSchema = textSchema('parent', { max: MAX_CATEGORY_SLUG_LENGTH, required: false })
  .nullable()
  .transform((slug) => (slug ? slug : null));

/** POST /api/manageCategories: a name, a slug (made from the name when left out), a parent. */
export const CreateCategorySchema = z.object({
  name: CategoryNameSchema,
  slug: CategorySlugSchema.optional(),
  parent: ParentSchema.optional().default(null),
});
export type CreateCategoryInput = z.input<typeof CreateCategorySchema>;
export type CreateCategory = z.infer<typeof CreateCategorySchema>;

/**
 * PATCH /api/manageCategories/{slug}: rename (the slug stays, so shared links keep working),
 * move under another parent (null: the top level), or place among its siblings; what is left
 * out stays.
 */
export const UpdateCategorySchema = z.object({
  name: CategoryNameSchema.optional(),
  parent: ParentSchema.optional(),
  position: wholeNumberSchema('position', { min: 0, max: 10_000 }).optional(),
});
export type UpdateCategoryInput = z.input<typeof UpdateCategorySchema>;
export type UpdateCategory = z.infer<typeof UpdateCategorySchema>;
