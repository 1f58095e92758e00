import {
  CompanyInvitationSchema,
  CompanyMemberSchema,
  CompanySchema,
  InvitationPreviewSchema,
  MyCompanySchema,
  OpenInvoiceSchema,
  PendingApprovalSchema,
  texts,
  type Company,
  type CompanyCredit,
  type CompanyInvitation,
  type CompanyMember,
  type CompanyRole,
  type MyCompany,
  type OpenInvoice,
  type PendingApproval,
} from '@tools-factory/contract';
import { fakeApi, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/render';

// Test data as the server sends it: parsed by the contract's schemas.

export const maria = { id: 'user-1', name: 'Maria Lopez', email: 'maria@example.com' };
export const omar = { id: 'user-2', name: 'Omar Faruk', email: 'omar@example.com' };

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return CompanySchema.parse({
    _id: '7d1c2d3e-1111-4222-8333-944455566677',
    legalName: 'Harbour Fittings Ltd',
    taxNumber: 'BD-123456',
    billingAddress: '12 Harbour Road\nChattogram 4100',
    addressesLocked: false,
    terms: { paymentTermsDays: null, creditLimit: 0, poNumberRequired: false, taxExempt: false },
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  });
}

/** A member as the company's admins see them: no limit and nothing spent unless told. */
export function makeMember(
  account: { id: string; name: string; email: string },
  role: CompanyRole,
  spending: { monthlyLimit?: number | null; spentThisMonth?: number } = {},
): CompanyMember {
  return CompanyMemberSchema.parse({
    userId: account.id,
    name: account.name,
    email: account.email,
    role,
    joinedAt: '2026-03-02T10:30:00.000Z',
    monthlyLimit: spending.monthlyLimit ?? null,
    spentThisMonth: spending.spentThisMonth ?? 0,
  });
}

/** Omar's checkout past his $500 limit, waiting for an admin's decision. */
export function makeApproval(overrides: Partial<PendingApproval> = {}): PendingApproval {
  return PendingApprovalSchema.parse({
    checkoutId: '3f2a9c1b-1111-4222-8333-944455566677',
    reference: 'CO-3F2A9C1B',
    buyer: { userId: omar.id, name: omar.name, email: omar.email },
    poNumber: 'PO-7781',
    placedAt: '2026-03-04T09:15:00.000Z',
    total: 640,
    lines: [
      { sku: 'HF-WR-0012', name: 'Torque wrench', quantity: 2, total: 480 },
      { sku: 'HF-HM-0003', name: 'Claw hammer', quantity: 8, total: 160 },
    ],
    monthlyLimit: 500,
    spentThisMonth: 120,
    expiresAt: '2026-03-11T09:15:00.000Z',
    ...overrides,
  });
}

export function makeInvitation(overrides: Partial<CompanyInvitation> = {}): CompanyInvitation {
  return CompanyInvitationSchema.parse({
    _id: '9a1c2d3e-1111-4222-8333-944455566677',
    email: 'nadia@example.com',
    role: 'buyer',
    invitedBy: maria.name,
    createdAt: '2026-03-03T08:00:00.000Z',
    expiresAt: '2026-03-10T08:00:00.000Z',
    ...overrides,
  });
}

/** Every request of a company call refused with this status and message instead. */
/** An open invoice on account of $1,200.00, nothing received, not due yet (issue 45). */
export function makeOpenInvoice(overrides: Partial<OpenInvoice> = {}): OpenInvoice {
  return OpenInvoiceSchema.parse({
    _id: '5b1c2d3e-1111-4222-8333-944455566677',
    number: 'INV-2026-000042',
    checkoutId: '3f2a9c1b-1111-4222-8333-944455566677',
    poNumber: 'PO-4471',
    buyerName: omar.name,
    issuedAt: '2099-03-02T10:30:00.000Z',
    dueAt: '2099-04-01T10:30:00.000Z',
    daysOverdue: 0,
    total: 1200,
    received: 0,
    credited: 0,
    open: 1200,
    ...overrides,
  });
}

export type Refusal = { status: number; message: string };

interface CompanyState {
  company: Company | null;
  /** As the company's admins see them: every limit and what each spent. */
  members: CompanyMember[];
  invitations: CompanyInvitation[];
  approvals: PendingApproval[];
  /** Why each checkout was rejected, by its id. */
  rejections: Map<string, string>;
}

/** The link's secret the fake server knows, and what it offers. */
export const INVITATION_TOKEN = 'secret-of-the-link';

/**
 * The /api/company calls as the server answers them, over a company kept here, for the caller
 * `callerId`: each change answers the whole view as the caller then sees it. `refuse` answers a
 * call with an error body instead.
 */
export function companiesServer({
  callerId = maria.id,
  company = null,
  members = [],
  invitations = [],
  approvals = [],
  credit = null,
  openInvoices = [],
  refuse = () => undefined,
}: Partial<Omit<CompanyState, 'rejections'>> & {
  callerId?: string;
  /** Its credit on account (issue 45): null without payment terms. */
  credit?: CompanyCredit | null;
  /** GET /company/invoices's answer for a member (issue 45): none unless told. */
  openInvoices?: OpenInvoice[];
  refuse?: (call: ApiRequest) => Refusal | undefined;
} = {}) {
  const state: CompanyState = {
    company,
    members,
    invitations,
    approvals,
    rejections: new Map(),
  };
  const viewOf = (): MyCompany => {
    const caller = state.members.find((member) => member.userId === callerId);
    const role = caller?.role ?? null;
    if (!state.company || !caller || !role) {
      return {
        credit: null,
        company: null,
        role: null,
        members: [],
        invitations: [],
        addresses: [],
        spending: null,
        approvals: [],
      };
    }
    const isAdmin = role === 'admin';
    const limit = caller.monthlyLimit;
    const spent = caller.spentThisMonth ?? 0;
    return MyCompanySchema.parse({
      company: state.company,
      credit,
      role,
      // A buyer sees their own limit and spending only.
      members: state.members.map((member) =>
        isAdmin || member.userId === callerId
          ? member
          : { ...member, monthlyLimit: null, spentThisMonth: null },
      ),
      invitations: isAdmin ? state.invitations : [],
      addresses: [],
      spending:
        !isAdmin && limit !== null
          ? { month: '2026-03', monthlyLimit: limit, spent, left: Math.max(0, limit - spent) }
          : null,
      approvals: isAdmin ? state.approvals : [],
    });
  };
  const refused = (refusal: Refusal) =>
    jsonResponse({ message: refusal.message, statusCode: refusal.status }, refusal.status);
  const adminLeft = () => state.members.some((member) => member.role === 'admin');

  const { requests } = fakeApi((call) => {
    const refusal = refuse(call);
    if (refusal) return refused(refusal);
    const { method, url } = call;
    const body = call.body as Record<string, string>;
    if (url === '/api/company') {
      if (method === 'GET') return jsonResponse(viewOf());
      if (method === 'POST') {
        state.company = makeCompany({ ...body, taxNumber: body.taxNumber ?? '' });
        state.members = [makeMember(maria, 'admin')];
        return jsonResponse(viewOf(), 201);
      }
      if (method === 'PATCH' && state.company) {
        state.company = { ...state.company, ...body };
        return jsonResponse(viewOf());
      }
    }
    if (method === 'GET' && url === '/api/company/invoices') {
      const member = state.members.some((one) => one.userId === callerId);
      return state.company && member
        ? jsonResponse({ invoices: openInvoices })
        : refused({ status: 404, message: texts.companyErrors.noCompany });
    }
    if (method === 'POST' && url === '/api/company/invitations') {
      state.invitations = [
        ...state.invitations,
        makeInvitation({
          _id: `9a1c2d3e-1111-4222-8333-${String(state.invitations.length).padStart(12, '0')}`,
          email: body.email!,
          role: body.role as CompanyRole,
        }),
      ];
      return jsonResponse(viewOf(), 201);
    }
    const invitation = /^\/api\/company\/invitations\/([^/]+)$/.exec(url);
    if (method === 'DELETE' && invitation) {
      state.invitations = state.invitations.filter((one) => one._id !== invitation[1]);
      return jsonResponse(viewOf());
    }
    const member = /^\/api\/company\/members\/([^/]+)$/.exec(url);
    if (member) {
      const before = state.members;
      if (method === 'PATCH') {
        const change = call.body as { role?: CompanyRole; monthlyLimit?: number | null };
        const changed = before.find((one) => one.userId === member[1]);
        if (change.monthlyLimit !== undefined && changed?.role === 'admin') {
          return refused({ status: 409, message: texts.companyErrors.adminsHaveNoLimit });
        }
        state.members = before.map((one) => {
          if (one.userId !== member[1]) return one;
          if (change.role === 'admin') return { ...one, role: 'admin', monthlyLimit: null };
          if (change.role) return { ...one, role: change.role };
          return { ...one, monthlyLimit: change.monthlyLimit ?? null };
        });
      } else if (method === 'DELETE') {
        state.members = before.filter((one) => one.userId !== member[1]);
      }
      if (!adminLeft()) {
        state.members = before;
        return refused({ status: 409, message: texts.companyErrors.lastAdmin });
      }
      return jsonResponse(viewOf());
    }
    const decision = /^\/api\/company\/approvals\/([^/]+)\/(approve|reject)$/.exec(url);
    if (method === 'POST' && decision) {
      const [, checkoutId, verb] = decision;
      if (!state.approvals.some((one) => one.checkoutId === checkoutId)) {
        return refused({ status: 409, message: texts.companyErrors.notAwaiting });
      }
      state.approvals = state.approvals.filter((one) => one.checkoutId !== checkoutId);
      if (verb === 'reject') state.rejections.set(checkoutId!, body.reason!);
      return jsonResponse(viewOf());
    }
    if (method === 'POST' && url === '/api/company/invitations/lookup') {
      if (body.token !== INVITATION_TOKEN) {
        return refused({ status: 404, message: texts.companyErrors.invitationNotFound });
      }
      return jsonResponse(
        InvitationPreviewSchema.parse({
          companyName: 'Harbour Fittings Ltd',
          role: 'buyer',
          email: omar.email,
          invitedBy: maria.name,
          expiresAt: '2026-03-10T08:00:00.000Z',
        }),
      );
    }
    if (method === 'POST' && url === '/api/company/invitations/accept') {
      if (body.token !== INVITATION_TOKEN) {
        return refused({ status: 404, message: texts.companyErrors.invitationNotFound });
      }
      state.company ??= makeCompany();
      state.members = [...state.members, makeMember(omar, 'buyer')];
      return jsonResponse(viewOf());
    }
    return undefined;
  });
  return { requests, state };
}
