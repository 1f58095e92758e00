import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  IdParamsSchema,
  RecordedInvoicePaymentSchema,
  RecordInvoicePaymentSchema,
  ReceivablesSchema,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { ReceivablesService } from './receivables.ts';

/** The shop admins' Receivables page (issue 45): open invoices on account, payments received. */
export const receivablesRoutes: FastifyPluginAsyncZod<{
  receivables: ReceivablesService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { receivables, guards } = options;

  app.get(
    apiPaths.manageReceivables,
    {
      onRequest: guardOf(guards, 'GET /api/manageReceivables'),
      schema: {
        operationId: 'listReceivables',
        summary: 'Open invoices on account (shop admins)',
        description:
          "Shop admins only (issue 45): every invoice issued on account and not settled yet, by company (the legal name its invoices carry), each company's due date first: its total, what was received and credited, what is open, the due date, the whole days it is past that, and the payments recorded against it. `totals` adds up what is open and what of it is overdue, as of `asOf`.",
        tags: ['invoices'],
        response: { 200: ReceivablesSchema },
      },
    },
    async () => receivables.list(),
  );

  app.post(
    apiPaths.manageReceivablePayments.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageReceivables/:id/payments'),
      schema: {
        operationId: 'recordInvoicePayment',
        summary: 'Record a payment received against an invoice on account (shop admins)',
        description:
          "Shop admins only (issue 45): a payment the bank statement shows, partial or full: `receivedOn` (the day it arrived, not after today), `amount` (dollars, at most what is open) and `bankReference` (unique across the shop, in any case). Recorded under the invoice's lock, on each of its lines' timelines. The payment that leaves nothing open settles the invoice: its lines are paid with the bank reference as their transaction id (a line not shipped yet turns paid) and the buyer's paid e-mail goes out, in the same transaction. Answers 201 with the payment, the invoice as it stands and whether it settled it; the same reference sent again for the same invoice, amount and day answers that first payment with 200, changing nothing. An unknown invoice: 404; a settled invoice, an amount above what is open, or a reference recorded against another invoice or with another amount: 409 in words.",
        tags: ['invoices'],
        params: IdParamsSchema,
        body: RecordInvoicePaymentSchema,
        response: {
          200: RecordedInvoicePaymentSchema,
          201: RecordedInvoicePaymentSchema,
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, answer } = await receivables.recordPayment(
        callerOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
};
