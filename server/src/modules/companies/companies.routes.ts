import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  apiPaths,
  COMPANY_MAX_ADDRESSES,
  AddressesLockSchema,
  ChangeMemberSchema,
  CheckoutIdParamsSchema,
  COMPANY_INVITATION_DAYS,
  COMPANY_MAX_MEMBERS,
  CreateCompanySchema,
  IdParamsSchema,
  ManagedCompaniesPageSchema,
  ManagedCompaniesQuerySchema,
  ManagedCompanySchema,
  PAYMENT_TERMS_DAYS,
  UpdateCompanyTermsSchema,
  MANAGED_COMPANIES_MAX_PAGE_SIZE,
  MANAGED_COMPANIES_PAGE_SIZE,
  ManagedOrdersPageSchema,
  ManagedOrdersSearchQuerySchema,
  InvitationPreviewSchema,
  InvitationTokenSchema,
  InviteMemberSchema,
  MyCompanySchema,
  RejectCheckoutSchema,
  ShipToAddressInputSchema,
  texts,
  UpdateCompanySchema,
  UserIdParamsSchema,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { refuseWhenUncounted } from '../../plugins/rate-limit.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import { INVITATIONS_PER_ADDRESS_PER_DAY, type CompaniesService } from './companies.service.ts';

/** How many invitations one account may send an hour (an inbox is limited on its own too). */
export const INVITATIONS_PER_ACCOUNT_PER_HOUR = 30;

const companyView =
  'Answers the company as the caller sees it then (GET /company): its details, the caller’s role, its members (admins first), the caller’s own spending against their monthly limit and, for its admins, the invitations waiting and the checkouts awaiting approval.';

/** Company accounts (issue 44): a company, its members and the invitations to join it. */
export const companiesRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { companies, guards } = options;

  const limitInvitationsPerAccount = refuseWhenUncounted(
    app.rateLimit({
      max: INVITATIONS_PER_ACCOUNT_PER_HOUR,
      timeWindow: 60 * 60_000,
      keyGenerator: (request: FastifyRequest) => `company-invitation:${callerOf(request).id}`,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: texts.companyErrors.tooManySent,
      }),
    }),
  );

  app.get(
    apiPaths.company,
    {
      onRequest: guardOf(guards, 'GET /api/company'),
      schema: {
        operationId: 'getMyCompany',
        summary: 'Your company',
        description:
          "The caller's company (issue 44): its details, the caller's role (`admin` or `buyer`), its members, admins first, and, for its admins, the invitations still waiting. `company` and `role` are null, and the lists empty, when the account belongs to no company.",
        tags: ['companies'],
        response: { 200: MyCompanySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return companies.myCompany(callerOf(request));
    },
  );

  app.get(
    apiPaths.companyOrders,
    {
      onRequest: guardOf(guards, 'GET /api/company/orders'),
      schema: {
        operationId: 'searchCompanyOrders',
        summary: 'Company Orders',
        description:
          "The company's checkouts (issue 44), searched, filtered and paged exactly as GET /manageOrders/search: its admins see every checkout of the company (whoever of its buyers placed it, those who left since included), its buyers their own. Each order comes with its buyer's name, reference, PO number, total and status. An account of no company answers 404.",
        tags: ['companies'],
        querystring: ManagedOrdersSearchQuerySchema.omit({ companyId: true }),
        response: { 200: ManagedOrdersPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return companies.searchOrders(callerOf(request), request.query);
    },
  );

  app.post(
    apiPaths.company,
    {
      onRequest: guardOf(guards, 'POST /api/company'),
      schema: {
        operationId: 'createCompany',
        summary: 'Create a company',
        description: `A verified customer creates a company (legal name, optional tax or VAT number, billing address) and becomes its admin, in one transaction. An account belongs to one company at most: 409 when it has one (and no company is left behind). 403 for an unverified account or a shop admin. Answers 201. ${companyView}`,
        tags: ['companies'],
        body: CreateCompanySchema,
        response: { 201: MyCompanySchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await companies.create(callerOf(request), request.body)),
  );

  app.patch(
    apiPaths.company,
    {
      onRequest: guardOf(guards, 'PATCH /api/company'),
      schema: {
        operationId: 'updateMyCompany',
        summary: "Edit your company's details",
        description: `Its admins: the legal name, tax number and billing address its next invoices carry (an issued invoice keeps what it was issued with). ${companyView}`,
        tags: ['companies'],
        body: UpdateCompanySchema,
        response: { 200: MyCompanySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => companies.update(callerOf(request), request.body),
  );

  app.post(
    apiPaths.companyInvitations,
    {
      onRequest: guardOf(guards, 'POST /api/company/invitations'),
      preHandler: limitInvitationsPerAccount,
      schema: {
        operationId: 'inviteToMyCompany',
        summary: 'Invite someone to your company',
        description: `Its admins: an invitation to \`email\` as \`role\` (\`buyer\` unless said), e-mailed with a link that works for ${COMPANY_INVITATION_DAYS} days; a new invitation to the same address replaces the one waiting. The e-mail is written in the invitation's own transaction. 409 when the address is a member's already, or past ${COMPANY_MAX_MEMBERS} members and invitations waiting; 429 past ${INVITATIONS_PER_ADDRESS_PER_DAY} invitations to one address in a day (from every company) or ${INVITATIONS_PER_ACCOUNT_PER_HOUR} sent by one account in an hour. Answers 201. ${companyView}`,
        tags: ['companies'],
        body: InviteMemberSchema,
        response: { 201: MyCompanySchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await companies.invite(callerOf(request), request.body)),
  );

  app.delete(
    apiPaths.companyInvitation.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/company/invitations/:id'),
      schema: {
        operationId: 'revokeCompanyInvitation',
        summary: 'Revoke an invitation',
        description: `Its admins: the invitation waiting stops working at once. 404 for one that is not waiting, or not the company's. ${companyView}`,
        tags: ['companies'],
        params: IdParamsSchema,
        response: { 200: MyCompanySchema, ...errorResponses(404) },
      },
    },
    async (request) => companies.revoke(callerOf(request), request.params.id),
  );

  app.post(
    apiPaths.companyInvitationLookup,
    {
      onRequest: guardOf(guards, 'POST /api/company/invitations/lookup'),
      schema: {
        operationId: 'lookUpCompanyInvitation',
        summary: 'What an invitation offers',
        description:
          "The invitation page: the company's name, the role and until when, for the link's secret (`token`, in the body so that no URL or log holds it). Only its addressee, signed in with the address it was sent to, reads it (403 otherwise); a link unknown, revoked, used or expired answers 404.",
        tags: ['companies'],
        body: InvitationTokenSchema,
        response: { 200: InvitationPreviewSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => companies.lookup(callerOf(request), request.body.token),
  );

  app.post(
    apiPaths.companyInvitationAccept,
    {
      onRequest: guardOf(guards, 'POST /api/company/invitations/accept'),
      schema: {
        operationId: 'acceptCompanyInvitation',
        summary: 'Join a company',
        description: `Its addressee, signed in with that address and verified, joins the company with the invitation's role; the link is used once (a second tab answers 404). 409 when the account belongs to a company already (the invitation then still waits). ${companyView}`,
        tags: ['companies'],
        body: InvitationTokenSchema,
        response: { 200: MyCompanySchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => companies.accept(callerOf(request), request.body.token),
  );

  app.patch(
    apiPaths.companyMember.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/company/members/:userId'),
      schema: {
        operationId: 'changeCompanyMember',
        summary: "Change a member's role or monthly limit",
        description: `Its admins: a member becomes an admin or a buyer, or a buyer's monthly spending limit is set in dollars ($0: every checkout needs approval; null: none). A checkout that takes the buyer's spending this calendar month (UTC) past it is placed awaiting approval. A member made an admin loses their limit; a limit for an admin is refused (409). A company always keeps an admin: 409 for a change that would leave none. 404 for anyone who is not a member of the caller's company. ${companyView}`,
        tags: ['companies'],
        params: UserIdParamsSchema,
        body: ChangeMemberSchema,
        response: { 200: MyCompanySchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      companies.changeMember(callerOf(request), request.params.userId, request.body),
  );

  app.get(
    apiPaths.manageCompanies,
    {
      onRequest: guardOf(guards, 'GET /api/manageCompanies'),
      schema: {
        operationId: 'listCompanies',
        summary: 'The companies (shop admins)',
        description: `Shop admins only: the company accounts newest first, \`q\` found in the legal name or tax number (any case); each with its members, admins, live checkouts and those awaiting approval. \`pageSize\` 1 to ${MANAGED_COMPANIES_MAX_PAGE_SIZE} (default ${MANAGED_COMPANIES_PAGE_SIZE}); \`next\` (null on the last page) is the \`after\` of the next page; an \`after\` no page answered is refused (400).`,
        tags: ['companies'],
        querystring: ManagedCompaniesQuerySchema,
        response: { 200: ManagedCompaniesPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => companies.managedPage(request.query),
  );

  app.get(
    apiPaths.manageCompany.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/manageCompanies/:id'),
      schema: {
        operationId: 'getCompany',
        summary: 'One company (shop admins)',
        description:
          'Shop admins only: the company as its own admins see it (members with their roles, monthly limits and spending this month, ship-to addresses, checkouts awaiting approval) and how many checkouts it has; its checkouts are GET /manageOrders/search?companyId=. 404 for no company of this id.',
        tags: ['companies'],
        params: IdParamsSchema,
        response: { 200: ManagedCompanySchema, ...errorResponses(404) },
      },
    },
    async (request) => companies.managedCompany(request.params.id),
  );

  app.put(
    apiPaths.manageCompanyTerms.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/manageCompanies/:id/terms'),
      schema: {
        operationId: 'setCompanyTerms',
        summary: "A company's payment terms (shop admins)",
        description: `Shop admins only (issue 45): all of the company's terms at once. \`paymentTermsDays\` (net ${PAYMENT_TERMS_DAYS.join(', ')} days; null: no terms, every checkout paid by card) is how long after issue its invoices are due; \`creditLimit\` (dollars, $0 or more) is the most its open invoices may come to with a new checkout on account; \`poNumberRequired\` makes every checkout of its members carry a PO number; \`taxExempt\` (reverse charge) needs the company's tax number (409 otherwise). Checkouts placed before keep the terms they were placed under. Answers the company as GET /manageCompanies/{id}; 404 for no company of this id.`,
        tags: ['companies'],
        params: IdParamsSchema,
        body: UpdateCompanyTermsSchema,
        response: { 200: ManagedCompanySchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => companies.setTerms(request.params.id, request.body),
  );

  app.post(
    apiPaths.companyAddresses,
    {
      onRequest: guardOf(guards, 'POST /api/company/addresses'),
      schema: {
        operationId: 'addCompanyAddress',
        summary: 'Add a ship-to address',
        description: `Its admins: a ship-to address (label, name, address, phone) its buyers choose at checkout. Labels are unique in the company, whatever their case (409); a company keeps at most ${COMPANY_MAX_ADDRESSES} (409). ${companyView}`,
        tags: ['companies'],
        body: ShipToAddressInputSchema,
        response: { 201: MyCompanySchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await companies.addAddress(callerOf(request), request.body)),
  );

  app.put(
    apiPaths.companyAddressesLocked,
    {
      onRequest: guardOf(guards, 'PUT /api/company/addresses/locked'),
      schema: {
        operationId: 'lockCompanyAddresses',
        summary: 'Ship only to the company’s addresses',
        description: `Its admins: when locked, every checkout of a member ships to one of the company's addresses (POST /checkout with shipToId); one typed instead, and the spec's POST /order, are refused (409). ${companyView}`,
        tags: ['companies'],
        body: AddressesLockSchema,
        response: { 200: MyCompanySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => companies.lockAddresses(callerOf(request), request.body.locked),
  );

  app.patch(
    apiPaths.companyAddress.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/company/addresses/:id'),
      schema: {
        operationId: 'changeCompanyAddress',
        summary: 'Change a ship-to address',
        description: `Its admins: the address as given, all of it; checkouts placed to it keep their copy. 404 for an address that is not the company's; 409 for a label it uses already. ${companyView}`,
        tags: ['companies'],
        params: IdParamsSchema,
        body: ShipToAddressInputSchema,
        response: { 200: MyCompanySchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => companies.changeAddress(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    apiPaths.companyAddress.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/company/addresses/:id'),
      schema: {
        operationId: 'removeCompanyAddress',
        summary: 'Remove a ship-to address',
        description: `Its admins: checkouts placed to it keep their copy. 404 for an address that is not the company's. ${companyView}`,
        tags: ['companies'],
        params: IdParamsSchema,
        response: { 200: MyCompanySchema, ...errorResponses(404) },
      },
    },
    async (request) => companies.removeAddress(callerOf(request), request.params.id),
  );

  app.post(
    apiPaths.companyApprove.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/company/approvals/:checkoutId/approve'),
      schema: {
        operationId: 'approveCompanyCheckout',
        summary: "Approve a buyer's checkout past their limit",
        description: `Its admins: every line of a buyer's checkout awaiting approval becomes unpaid, payable by its buyer, and held afresh for ORDER_HOLD_HOURS; it counts against the buyer's limit from now on. The buyer is told by e-mail. 404 for a checkout that is not the company's; 409 for one no longer waiting (decided, removed by its buyer, or expired). ${companyView}`,
        tags: ['companies'],
        params: CheckoutIdParamsSchema,
        response: { 200: MyCompanySchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      companies.decide(callerOf(request), request.params.checkoutId, { approve: true }),
  );

  app.post(
    apiPaths.companyReject.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/company/approvals/:checkoutId/reject'),
      schema: {
        operationId: 'rejectCompanyCheckout',
        summary: "Reject a buyer's checkout past their limit",
        description: `Its admins, with a reason: every line of a buyer's checkout awaiting approval ends as rejected (kept, with its timeline, as removed orders are), and its stock goes back on sale. The buyer is told by e-mail, with the reason. 404 for a checkout that is not the company's; 409 for one no longer waiting. ${companyView}`,
        tags: ['companies'],
        params: CheckoutIdParamsSchema,
        body: RejectCheckoutSchema,
        response: { 200: MyCompanySchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      companies.decide(callerOf(request), request.params.checkoutId, {
        approve: false,
        reason: request.body.reason,
      }),
  );

  app.delete(
    apiPaths.companyMember.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/company/members/:userId'),
      schema: {
        operationId: 'removeCompanyMember',
        summary: 'Remove a member, or leave',
        description: `An admin removes a member; any member leaves with their own id. The account stays, and its past checkouts stay the company's. A company always keeps an admin: 409 when none would be left. 404 for anyone who is not a member of the caller's company. ${companyView}`,
        tags: ['companies'],
        params: UserIdParamsSchema,
        response: { 200: MyCompanySchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => companies.removeMember(callerOf(request), request.params.userId),
  );
};
