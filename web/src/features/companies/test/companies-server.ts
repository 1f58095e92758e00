import {
  CompanyInvitationSchema,
  CompanyMemberSchema,
  CompanySchema,
  InvitationPreviewSchema,
  MyCompanySchema,
  texts,
  type Company,
  type CompanyInvitation,
  type CompanyMember,
  type CompanyRole,
  type MyCompany,
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
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  });
}

export function makeMember(
  account: { id: string; name: string; email: string },
  role: CompanyRole,
): CompanyMember {
  return CompanyMemberSchema.parse({
    userId: account.id,
    name: account.name,
    email: account.email,
    role,
    joinedAt: '2026-03-02T10:30:00.000Z',
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
export type Refusal = { status: number; message: string };

interface CompanyState {
  company: Company | null;
  members: CompanyMember[];
  invitations: CompanyInvitation[];
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
  refuse = () => undefined,
}: Partial<CompanyState> & {
  callerId?: string;
  refuse?: (call: ApiRequest) => Refusal | undefined;
} = {}) {
  const state: CompanyState = { company, members, invitations };
  const viewOf = (): MyCompany => {
    const role = state.members.find((member) => member.userId === callerId)?.role ?? null;
    if (!state.company || !role) return { company: null, role: null, members: [], invitations: [] };
    return MyCompanySchema.parse({
      company: state.company,
      role,
      members: state.members,
      invitations: role === 'admin' ? state.invitations : [],
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
        state.members = before.map((one) =>
          one.userId === member[1] ? { ...one, role: body.role as CompanyRole } : one,
        );
      } else if (method === 'DELETE') {
        state.members = before.filter((one) => one.userId !== member[1]);
      }
      if (!adminLeft()) {
        state.members = before;
        return refused({ status: 409, message: texts.companyErrors.lastAdmin });
      }
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
