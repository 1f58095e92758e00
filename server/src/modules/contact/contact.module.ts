import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { contactRoutes } from './contact.routes.ts';
import { createContactService, type ContactServiceOptions } from './contact.service.ts';

export type ContactModuleDeps = ContactServiceOptions & {
  guards: AuthGuards;
  /** Messages a client may send in a window (CONTACT_RATE_LIMIT). */
  messagesPerWindow?: number;
};

/** The contact form's messages (docs/architecture.md#server-modules). */
export function createContactModule(deps: ContactModuleDeps) {
  const service = createContactService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(contactRoutes, {
      contact: service,
      guards: deps.guards,
      messagesPerWindow: deps.messagesPerWindow,
    });
  };
  return { service, routes };
}
