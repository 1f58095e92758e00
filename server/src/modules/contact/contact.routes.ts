import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ContactMessageResponseSchema,
  ContactMessageSchema,
  ManagedMessageListSchema,
  texts,
} from '@tools-factory/contract';
import { refuseWhenUncounted } from '../../plugins/rate-limit.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { ContactService } from './contact.service.ts';
import { guardOf, publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** Messages one client may send through the contact form in CONTACT_WINDOW_MS. */
export const CONTACT_MESSAGES_PER_WINDOW = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;

/** The home page's contact form (anyone), and the admins' Messages page. */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  guards: AuthGuards;
  /** Messages a client may send in CONTACT_WINDOW_MS (default CONTACT_MESSAGES_PER_WINDOW). */
  messagesPerWindow?: number;
}> = async (app, options) => {
  const { contact, guards, messagesPerWindow = CONTACT_MESSAGES_PER_WINDOW } = options;
  // Per client address: the form is open to anyone, signed in or not.
  const limitMessagesPerClient = refuseWhenUncounted(
    app.rateLimit({
      max: messagesPerWindow,
      timeWindow: CONTACT_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `contact:${request.ip}`,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: texts.home.contactTooMany,
      }),
    }),
  );

  app.post(
    apiPaths.contact,
    {
      onRequest: publicRoute('POST /api/contact'),
      preHandler: limitMessagesPerClient,
      schema: {
        operationId: 'sendContactMessage',
        summary: 'Send a message through the contact form',
        description: `Anyone. The name ('Your Name'), the e-mail ('Email') and a message, all required (400 in words otherwise). Stored, and e-mailed to the admins (the ADMIN_EMAILS addresses and every admin account); nothing is ever e-mailed to the address typed. A client sends at most ${messagesPerWindow} messages in ${CONTACT_WINDOW_MS / 60_000} minutes (429).`,
        tags: ['contact'],
        body: ContactMessageSchema,
        response: { 200: ContactMessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => contact.receive(request.body),
  );

  app.get(
    apiPaths.manageMessages,
    {
      onRequest: guardOf(guards, 'GET /api/manageMessages'),
      schema: {
        operationId: 'listContactMessages',
        summary: 'The contact form messages (Messages)',
        description: 'Admins only. Every message sent through the contact form, newest first.',
        tags: ['contact'],
        response: { 200: ManagedMessageListSchema },
      },
    },
    async () => contact.list(),
  );
};
