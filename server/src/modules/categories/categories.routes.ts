import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CATEGORY_PAGE_SIZE,
  CategorySchema,
  CategorySlugParamsSchema,
  CategoryToolsPageSchema,
  CategoryToolsQuerySchema,
  CategoryTreeSchema,
  CreateCategorySchema,
  DeletedCountSchema,
  MAX_CATEGORY_DEPTH,
  MAX_FACET_VALUES,
  UpdateCategorySchema,
} from '@tools-factory/contract';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import { guardOf, publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { HttpError } from '../../http-errors.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { CategoriesService } from './categories.service.ts';

/**
 * The category tree and its pages (issue 43): reads answered in memory from the catalog
 * snapshot, never a query per request; writes for admins, which rebuild that snapshot.
 */
export const categoriesRoutes: FastifyPluginAsyncZod<{
  categories: CategoriesService;
  catalog: CatalogReader;
  guards: AuthGuards;
}> = async (app, options) => {
  const { categories, catalog, guards } = options;

  app.get(
    apiPaths.categories,
    {
      onRequest: publicRoute('GET /api/categories'),
      schema: {
        operationId: 'listCategories',
        tags: ['catalog'],
        summary: 'The category tree, with each category’s tools on sale',
        description:
          'Every category, depth first (each right after its parent, siblings by `position`), with `parent` its parent’s slug (null at the top level), `depth` (1 at the top level) and `toolCount`: the tools on sale in it and in every category under it. `toolsOnSale` counts every tool on sale, in a category or not; `homeShowsEveryTool` says whether the home page lists them all (at most HOME_PAGE_TOOLS_LIMIT) or the categories and a first page.',
        response: { 200: CategoryTreeSchema },
      },
      config: { publicCache: true },
    },
    () => categories.tree(catalog.current()),
  );

  app.get(
    apiPaths.categoryTools.pattern,
    {
      onRequest: publicRoute('GET /api/categories/:slug/tools'),
      schema: {
        operationId: 'listCategoryTools',
        tags: ['catalog'],
        summary: 'A page of a category’s tools, with its facets',
        description: `The tools on sale in the category and every category under it (\`all\`: every tool on sale), ${CATEGORY_PAGE_SIZE} a page. \`brandLine\`, \`size\` and \`material\` keep the tools with one of the values given (repeat the parameter for several, at most ${MAX_FACET_VALUES} each; values are compared as the facets' \`value\` keys: any case, every run of other characters than letters and digits one hyphen); the facets list every value the category's tools have, each counted among the tools that pass the other facets' filters. \`sort\`: \`name\` (A to Z, the default), \`price\` (the lowest unit price, low to high) or \`-price\` (high to low), ties by name. \`page\` from 1. 404 'No such category' for an unknown slug, 404 in words for a page past the last; 400 in words for an unknown sort, a page that is not a whole number from 1, or too many values.`,
        params: CategorySlugParamsSchema,
        querystring: CategoryToolsQuerySchema,
        response: { 200: CategoryToolsPageSchema, ...errorResponses(400, 404) },
      },
      config: { publicCache: true },
    },
    (request) => {
      const answer = categories.toolsPage(catalog.current(), request.params.slug, request.query);
      if ('statusCode' in answer) throw new HttpError(answer.statusCode, answer.message);
      return answer;
    },
  );

  app.post(
    apiPaths.manageCategories,
    {
      onRequest: guardOf(guards, 'POST /api/manageCategories'),
      schema: {
        operationId: 'addCategory',
        tags: ['catalog'],
        summary: 'Add a category (Manage Tools)',
        description: `Admins only. \`name\` (at most 60 characters, unique among its siblings whatever the case: 409), \`slug\` (lower-case letters and digits with single hyphens, at most 60; made from the name when left out; unique: 409; never \`all\`), \`parent\` (a category's slug, or null for the top level; 400 when there is none). At most ${MAX_CATEGORY_DEPTH} levels deep (409). It goes after its siblings. Answers 201 with the category.`,
        body: CreateCategorySchema,
        response: { 201: CategorySchema, ...errorResponses(400, 409) },
      },
      config: { allFieldErrors: true },
    },
    async (request, reply) => {
      const category = await categories.addCategory(request.body);
      request.auditAdminAction('category.add', category._id);
      return reply.code(201).send(category);
    },
  );

  app.patch(
    apiPaths.manageCategory.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/manageCategories/:slug'),
      schema: {
        operationId: 'updateCategory',
        tags: ['catalog'],
        summary: 'Rename, move or place a category (Manage Tools)',
        description: `Admins only. \`name\`: a new name (its slug stays, so shared links keep working; 409 when a sibling has it). \`parent\`: the slug of its new parent, or null for the top level (400 when there is none; 409 under itself or one of its own sub-categories, or deeper than ${MAX_CATEGORY_DEPTH} levels); it goes after its new siblings. \`position\`: its place among its siblings (smaller first). What is left out stays. 404 'No such category'.`,
        params: CategorySlugParamsSchema,
        body: UpdateCategorySchema,
        response: { 200: CategorySchema, ...errorResponses(400, 404, 409) },
      },
      config: { allFieldErrors: true },
    },
    async (request) => {
      const category = await categories.updateCategory(request.params.slug, request.body);
      request.auditAdminAction('category.update', category._id);
      return category;
    },
  );

  app.delete(
    apiPaths.manageCategory.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/manageCategories/:slug'),
      schema: {
        operationId: 'deleteCategory',
        tags: ['catalog'],
        summary: 'Delete an empty category (Manage Tools)',
        description:
          "Admins only. Only a category with no tool on sale in it and no sub-category (409 saying what it holds); its removed (archived) tools lose their category. 404 'No such category'. Answers `deletedCount` 1.",
        params: CategorySlugParamsSchema,
        response: { 200: DeletedCountSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const deleted = await categories.removeCategory(request.params.slug);
      request.auditAdminAction('category.delete', request.params.slug);
      return deleted;
    },
  );
};
