import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  MAX_SALES_RANGE_DAYS,
  SALES_MAX_AGE_SECONDS,
  SalesOverviewSchema,
  SalesRangeQuerySchema,
} from '@tools-factory/contract';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { salesCsv, type SalesService } from './sales.service.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

const RANGE_WORDS = `The range: \`from\` and \`to\`, its first and last UTC days ('YYYY-MM-DD'), both included; without \`to\`, today; without \`from\`, the 30 days ending on \`to\` (so no parameter is the last 30 days). A day that is not a real 'YYYY-MM-DD' date, \`from\` after \`to\`, or a range above ${MAX_SALES_RANGE_DAYS} days: 400, in words.`;

/** The admins' Sales page: one read of every figure it shows, for a date range; and its CSV. */
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
        description: `Admins only. Every figure summed by the database. ${RANGE_WORDS} \`days\`: one entry per day of the range, oldest first, with the revenue (dollars) and the number of orders paid that day (orders paid or shipped since, by their payment's UTC day; days without any at 0). \`ordersByStatus\`: how many orders stand in each status now (unpaid, paid, shipped; 0 included). \`topTools\`: at most TOP_TOOLS_COUNT (5) tools by revenue from orders paid in the range, highest first, ties by name, each with its units and the name its latest such order recorded. \`asOf\`: when the figures were read. A range is added up once at a time per instance (a year at a million orders takes seconds): an ask while it is being added up gets the last figures of the same range at once, if they are at most SALES_MAX_AGE_SECONDS (${SALES_MAX_AGE_SECONDS}) old, and waits otherwise; any other ask waits for figures read now.`,
        tags: ['sales'],
        querystring: SalesRangeQuerySchema,
        response: { 200: SalesOverviewSchema, ...errorResponses(400) },
      },
    },
    async (request) => sales.overview(request.query),
  );

  app.get(
    apiPaths.salesCsv,
    {
      onRequest: guardOf(guards, 'GET /api/manageSales.csv'),
      schema: {
        operationId: 'exportSalesCsv',
        summary: "The Sales page's figures as a CSV file",
        description: `Admins only. The same figures as GET /api/manageSales for the same range. ${RANGE_WORDS} An attachment named by the range (\`sales-2026-01-01-to-2026-01-31.csv\`): UTF-8 with a byte order mark, RFC 4180 (CRLF between records). Three tables, a blank record between them: each day (date, orders paid, revenue in dollars with two decimals) and the range's total; the top tools (tool, units, revenue); the orders by status now. A tool name starting with = + - @, a tab or a carriage return gets a leading single quote, so no spreadsheet runs it as a formula.`,
        tags: ['sales'],
        querystring: SalesRangeQuerySchema,
        response: {
          200: {
            description: 'The CSV file.',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const overview = await sales.overview(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="sales-${overview.from}-to-${overview.to}.csv"`,
        )
        .send(salesCsv(overview));
    },
  );
};
