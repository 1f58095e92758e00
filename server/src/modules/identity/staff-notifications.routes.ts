import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  StaffNotificationsInputSchema,
  StaffNotificationsSchema,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { callerOf, type AuthGuards } from './auth-guard.ts';
import type { StaffNotificationsService } from './staff-notifications.ts';

/** GET and PUT /manageNotifications: an admin's own staff e-mails, on or off (issue 25). */

export const staffNotificationsRoutes: FastifyPluginAsyncZod<{
  staffNotifications: StaffNotificationsService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { staffNotifications, guards } = options;
  const description =
    'Admins only, about their own account. The staff e-mails (a new order, a payment, a quote request, a contact message, low stock) go to every ADMIN_EMAILS address and to each admin who turned them on. `enabled`: this admin turned them on; `listed`: their address is in ADMIN_EMAILS, which gets them whatever `enabled` says.';

  app.get(
    apiPaths.manageNotifications,
    {
      onRequest: guardOf(guards, 'GET /api/manageNotifications'),
      schema: {
        operationId: 'getStaffNotifications',
        summary: 'Whether the caller gets the staff e-mails',
        description,
        tags: ['users'],
        response: { 200: StaffNotificationsSchema },
      },
    },
    async (request) => staffNotifications.read(callerOf(request)),
  );

  app.put(
    apiPaths.manageNotifications,
    {
      onRequest: guardOf(guards, 'PUT /api/manageNotifications'),
      schema: {
        operationId: 'setStaffNotifications',
        summary: 'Turn the staff e-mails on or off for the caller',
        description,
        tags: ['users'],
        body: StaffNotificationsInputSchema,
        response: { 200: StaffNotificationsSchema, ...errorResponses(400) },
      },
    },
    async (request) => staffNotifications.update(callerOf(request), request.body.enabled),
  );
};
