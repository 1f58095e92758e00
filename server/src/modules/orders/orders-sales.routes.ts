import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, SalesOverviewSchema } from '@tools-factory/contract';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { SalesService } from './orders-sales.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** The admins' Sales page: one read of every figure it shows. */
export const salesRoutes: FastifyPluginAsyncZod<{
  sales: SalesService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { sales, guards } = options;

  app.get(
    apiPaths.sales,
    {
      onRequest: guardOf(guards, 'GET /api/manageSales'),
      schema: {
        operationId: 'getSalesOverview',
        summary: 'The sales overview (Sales page)',
        description:
          "Admins only. Every figure summed by the database. The window is the last SALES_DAYS (30) UTC days, today included. `days`: one entry per day of the window, oldest first, with the revenue (dollars) and the number of orders paid that day (orders paid or shipped since, by their payment's UTC day; days without any at 0). `ordersByStatus`: how many orders stand in each status now (unpaid, paid, shipped; 0 included). `topTools`: at most TOP_TOOLS_COUNT (5) tools by revenue from orders paid in the window, highest first, ties by name, each with its units and the name its latest such order recorded.",
        tags: ['sales'],
        security: [{ bearer: [] }],
        response: { 200: SalesOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => sales.overview(),
  );
};
