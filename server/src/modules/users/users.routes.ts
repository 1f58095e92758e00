import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  AdminCheckSchema,
  EmailParamsSchema,
  ErrorBodySchema,
  UpsertUserResponseSchema,
  UpsertUserSchema,
} from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../../plugins/auth-guard.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(
  app: FastifyInstance,
  options: { users: UsersService; identity: IdentityService; guards: AuthGuards },
): Promise<void> {
  const { users, identity, guards } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/user/:email',
    {
      schema: {
        summary: 'Record a sign-in and get the access token',
        description:
          'Needs the identity session (cookie) of the very e-mail in the path. Keeps the display name.',
        tags: ['users'],
        params: EmailParamsSchema,
        body: UpsertUserSchema,
        response: { 200: UpsertUserResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const sessionAccount = await identity.sessionAccount(fromNodeHeaders(request.headers));
      return users.signIn(sessionAccount, request.params.email, request.body.name);
    },
  );

  api.get(
    '/admin/:email',
    {
      preHandler: guards.requireUser,
      schema: {
        summary: 'Is this user an admin?',
        tags: ['users'],
        security: [{ bearer: [] }],
        params: EmailParamsSchema,
        response: {
          200: AdminCheckSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => ({ admin: await users.isAdmin(callerOf(request), request.params.email) }),
  );
}
