import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, IdentitySettingsSchema, type IdentitySettings } from '@tools-factory/contract';
import { publicRoute } from '../../authorization.ts';

/**
 * GET /identity-settings: the sign-in methods this server offers. Google is offered only when its
 * credentials are configured; the login and sign-up pages hide its button otherwise, instead of
 * letting the customer press it for an error.
 */
export const identitySettingsRoutes: FastifyPluginAsyncZod<{ googleSignIn: boolean }> = async (
  app,
  options,
) => {
  const settings: IdentitySettings = { googleSignIn: options.googleSignIn };
  app.get(
    apiPaths.identitySettings,
    {
      onRequest: publicRoute('GET /api/identity-settings'),
      schema: {
        operationId: 'getIdentitySettings',
        summary: 'Which ways of signing in this server offers',
        description:
          '`googleSignIn` is true when Google sign-in is configured (POST /api/auth/sign-in/social with the provider `google` then works); the pages hide its button otherwise.',
        tags: ['identity'],
        // Public: no credential is read.
        response: { 200: IdentitySettingsSchema },
      },
    },
    () => settings,
  );
};
