import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ContactMessageResponseSchema,
  ContactMessageSchema,
  IdParamsSchema,
  MANAGED_MESSAGES_COUNT_CAP,
  MANAGED_MESSAGES_MAX_PAGE_SIZE,
  MANAGED_MESSAGES_PAGE_SIZE,
  ManagedMessageListSchema,
  ManagedMessagesPageQuerySchema,
  ManagedMessagesPageSchema,
  ManagedMessageSchema,
  MAX_MESSAGE_REPLY_LENGTH,
  MessageReplyInputSchema,
  MessageStateSchema,
  texts,
} from '@tools-factory/contract';
import { refuseWhenUncounted } from '../../plugins/rate-limit.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
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
        description: `Anyone. The name ('Your Name'), the e-mail ('Email') and a message, all required (400 in words otherwise). Stored, and e-mailed to the admins (the ADMIN_EMAILS addresses and every admin account); nothing is e-mailed to the address typed but an admin's reply (POST /manageMessages/{id}/reply). A client sends at most ${messagesPerWindow} messages in ${CONTACT_WINDOW_MS / 60_000} minutes (429).`,
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
        description:
          'Admins only. Every message sent through the contact form, newest first, archived ones too: each with when an admin read and archived it (null when not) and the replies sent, oldest first.',
        tags: ['contact'],
        response: { 200: ManagedMessageListSchema },
      },
    },
    async () => contact.list(),
  );

  app.get(
    apiPaths.manageMessagesPage,
    {
      onRequest: guardOf(guards, 'GET /api/manageMessages/page'),
      schema: {
        operationId: 'pageContactMessages',
        summary: 'The contact form messages of a folder, a page at a time (Messages)',
        description: `Admins only (issue 43). GET /manageMessages a page at a time, newest first, each message as that call shows it, of one \`folder\`: \`inbox\` (the default) or \`archive\` (archived messages). \`pageSize\` 1 to ${MANAGED_MESSAGES_MAX_PAGE_SIZE} (default ${MANAGED_MESSAGES_PAGE_SIZE}); \`total\` counts the folder's messages, \`inbox\` and \`archive\` each folder's, each up to ${MANAGED_MESSAGES_COUNT_CAP.toLocaleString('en-US')} (beyond, \`capped\`, \`inboxCapped\` or \`archiveCapped\` is true and the count is that cap). \`next\` (null on the last page) is the \`after\` of the next page, which starts there however deep (keyset on the time and id, not counted from the first); an \`after\` that no page answered, or another folder, is refused (400). GET /manageMessages stays whole.`,
        tags: ['contact'],
        querystring: ManagedMessagesPageQuerySchema,
        response: { 200: ManagedMessagesPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => contact.page(request.query),
  );

  app.patch(
    apiPaths.manageMessage.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/manageMessages/:id'),
      schema: {
        operationId: 'setContactMessageState',
        summary: 'Mark a message read or unread, archive it or move it back to the inbox',
        description:
          'Admins only. `read` and `archived` (at least one, true or false; 400 in words otherwise). A message marked again keeps the first moment. Answers the message as GET /manageMessages lists it; 404 for an unknown message.',
        tags: ['contact'],
        params: IdParamsSchema,
        body: MessageStateSchema,
        response: { 200: ManagedMessageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => contact.setState(request.params.id, request.body),
  );

  app.post(
    apiPaths.messageReply.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageMessages/:id/reply'),
      schema: {
        operationId: 'replyToContactMessage',
        summary: 'Reply to a message by e-mail',
        description: `Admins only. The reply (1 to ${MAX_MESSAGE_REPLY_LENGTH} characters; 400 in words otherwise) is kept with the message, which is then read, and e-mailed through the outbox to the address the visitor typed, their message quoted: the only e-mail ever sent to that address, and only by an admin. Answers the message as GET /manageMessages lists it; 404 for an unknown message.`,
        tags: ['contact'],
        params: IdParamsSchema,
        body: MessageReplyInputSchema,
        response: { 201: ManagedMessageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const message = await contact.reply(request.params.id, callerOf(request), request.body.reply);
      return reply.code(201).send(message);
    },
  );
};
