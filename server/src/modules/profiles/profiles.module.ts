import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService, type ProfilesServiceOptions } from './profiles.service.ts';

export type ProfilesModuleDeps = ProfilesServiceOptions & { guards: AuthGuards };

/** My Profile (docs/architecture.md#server-modules). */
export function createProfilesModule(deps: ProfilesModuleDeps) {
  const service = createProfilesService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(profilesRoutes, { profiles: service, guards: deps.guards });
  };
  return { service, routes };
}
