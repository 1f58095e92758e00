import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RemoveUserQuerySchema,
  AdminCheckSchema,
  apiPaths,
  DeletedCountSchema,
  EmailParamsSchema,
  ModifiedCountSchema,
  UpsertUserResponseSchema,
  UpsertUserSchema,
  UserListSchema,
  UsersPageSchema,
  UsersSearchQuerySchema,
} from '@tools-factory/contract';
import { callerOf, identitySessionOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { UsersService } from './users.service.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import type { AdminAction } from '../../plugins/admin-audit.ts';

/** An admin's change of an account: logged with the account's id, then the service's answer. */
function audited<Answer>(
  request: FastifyRequest,
  action: AdminAction,
  done: { answer: Answer; subjectId: string },
): Answer {
  request.auditAdminAction(action, done.subjectId);
  return done.answer;
}

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { users, guards } = options;

  app.put(
    apiPaths.user.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/user/:email'),
      schema: {
        operationId: 'upsertUser',
        summary: 'Record a sign-in and get the access token',
        description:
          'Needs the identity session (cookie) of the very e-mail in the path. Keeps the display name.',
        tags: ['users'],
        // The identity session's cookie, not a bearer token: this is where the token comes from.
        params: EmailParamsSchema,
        body: UpsertUserSchema,
        response: { 200: UpsertUserResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      users.signIn(identitySessionOf(request), request.params.email, request.body.name),
  );

  app.get(
    apiPaths.admin.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/admin/:email'),
      schema: {
        operationId: 'getAdminStatus',
        summary: 'Is this user an admin?',
        tags: ['users'],
        params: EmailParamsSchema,
        response: { 200: AdminCheckSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ admin: await users.isAdmin(callerOf(request), request.params.email) }),
  );

  app.get(
    apiPaths.users,
    {
      onRequest: guardOf(guards, 'GET /api/user'),
      schema: {
        operationId: 'listUsers',
        summary: 'Every account (ALL USERS)',
        description: 'Admins only. Oldest first, no paging (as the spec has it).',
        tags: ['users'],
        response: { 200: UserListSchema },
      },
    },
    async () => users.listUsers(),
  );

  app.get(
    apiPaths.usersSearch,
    {
      onRequest: guardOf(guards, 'GET /api/users/search'),
      schema: {
        operationId: 'searchUsers',
        summary: 'ALL USERS searched, a page at a time',
        description:
          "Admins only (issue 43). Oldest first, as GET /user. `q` finds the words in the account's name or e-mail (any case, plain text); `pageSize` 1 to 200 (default 100); `total` counts the accounts that match. `next` (null on the last page) is the `after` of the next page, which starts there, read off the accounts' order however deep; an `after` that no page answered is refused (400). GET /user stays the spec's whole list.",
        tags: ['users'],
        querystring: UsersSearchQuerySchema,
        response: { 200: UsersPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => users.searchUsers(request.query),
  );

  app.put(
    apiPaths.makeAdmin.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/user/admin/:email'),
      schema: {
        operationId: 'makeAdmin',
        summary: 'Make an account an admin (Make Admin)',
        description:
          'Admins only. Takes effect at once: the role is read on every call. `modifiedCount` is 0 when the account is an admin already; an unknown e-mail answers 404.',
        tags: ['users'],
        params: EmailParamsSchema,
        response: { 200: ModifiedCountSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      audited(request, 'user.promote', await users.makeAdmin(request.params.email)),
  );

  app.delete(
    apiPaths.removeAdmin.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/user/admin/:email'),
      schema: {
        operationId: 'removeAdmin',
        summary: 'Make an admin a customer again (Remove Admin)',
        description:
          "Admins only. Takes effect at once: the role is read on every call. `modifiedCount` is 0 when the account is no admin; an unknown e-mail answers 404; one's own account answers 409; an ADMIN_EMAILS owner (`owner` in the users list) answers 403.",
        tags: ['users'],
        params: EmailParamsSchema,
        response: { 200: ModifiedCountSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      audited(
        request,
        'user.demote',
        await users.removeAdmin(callerOf(request), request.params.email),
      ),
  );

  app.delete(
    apiPaths.removeUser.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/user/:email'),
      schema: {
        operationId: 'removeUser',
        summary: 'Remove an account (Remove User)',
        description:
          'Admins only, not on their own account (409) nor on an ADMIN_EMAILS owner (403). The account, its sessions and its access tokens end at once, and its profile goes; its orders stay (with the e-mail they were placed with, owned by nobody) and so do its reviews. An unknown e-mail answers 404. The only admin of a company with other members or invitations waiting is refused (409) unless `successor` (issue 44), the account id of a member of that company, takes over: made its admin in the same transaction (400 for anyone else).',
        tags: ['users'],
        params: EmailParamsSchema,
        querystring: RemoveUserQuerySchema,
        response: { 200: DeletedCountSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      audited(
        request,
        'user.remove',
        await users.removeUser(callerOf(request), request.params.email, request.query.successor),
      ),
  );
};
