import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export type UsersModuleDeps = Parameters<typeof createUsersService>[0] & { guards: AuthGuards };

/** All Users for admins (docs/architecture.md#server-modules). */
export function createUsersModule(deps: UsersModuleDeps) {
  const service = createUsersService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(usersRoutes, { users: service, guards: deps.guards });
  };
  return { service, routes };
}
