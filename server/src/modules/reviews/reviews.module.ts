import type { FastifyPluginAsync } from 'fastify';
import type { CatalogChanged, CatalogReader } from '../../catalog/catalog-snapshot.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService, type ReviewsServiceOptions } from './reviews.service.ts';

export type ReviewsModuleDeps = ReviewsServiceOptions & {
  /** Told of changes, and read by GET /review. */
  catalog: CatalogChanged & CatalogReader;
  guards: AuthGuards;
};

/** Reviews (docs/architecture.md#server-modules). */
export function createReviewsModule(deps: ReviewsModuleDeps) {
  const service = createReviewsService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(reviewsRoutes, {
      reviews: service,
      catalog: deps.catalog,
      guards: deps.guards,
    });
  };
  return { service, routes };
}
