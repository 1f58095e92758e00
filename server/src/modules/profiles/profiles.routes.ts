import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddProfileResponseSchema,
  apiPaths,
  EmailParamsSchema,
  ProfileListSchema,
  SaveProfileSchema,
  UpdateProfileResponseSchema,
} from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { ProfilesService } from './profiles.service.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** My Profile: add one's information once, edit it, read it back (an admin may read anyone's). */
export const profilesRoutes: FastifyPluginAsyncZod<{
  profiles: ProfilesService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { profiles, guards } = options;

  app.post(
    apiPaths.userInfo,
    {
      onRequest: guardOf(guards, 'POST /api/userinfo'),
      schema: {
        operationId: 'addProfile',
        summary: 'Add your profile information',
        description:
          "For the caller: education, city, phone and linkdin from the body; name and e-mail are the account's (the body's are not used). Once per user: a second add answers 409 (use PATCH /userinfo/{email}). Answers 200 with the insert result, as the original did.",
        tags: ['profiles'],
        body: SaveProfileSchema,
        response: { 200: AddProfileResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => profiles.addProfile(callerOf(request), request.body),
  );

  app.patch(
    apiPaths.updateUserInfo.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/userinfo/:email'),
      schema: {
        operationId: 'updateProfile',
        summary: 'Edit your profile information',
        description:
          "That user only (403 for anyone else's e-mail, an admin's included); 404 before the information was added. Replaces education, city, phone and linkdin; name and e-mail follow the account. `modifiedCount` is 0 when nothing changed.",
        tags: ['profiles'],
        params: EmailParamsSchema,
        body: SaveProfileSchema,
        response: { 200: UpdateProfileResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      profiles.updateProfile(callerOf(request), request.params.email, request.body),
  );

  app.get(
    apiPaths.profileDetail.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/profilrdetail/:email'),
      schema: {
        operationId: 'getProfile',
        summary: "A user's profile information",
        description:
          'That user, or an admin (403 otherwise). A list, as the spec answers: one record, or none before the information was added.',
        tags: ['profiles'],
        params: EmailParamsSchema,
        response: { 200: ProfileListSchema, ...errorResponses(400) },
      },
    },
    async (request) => profiles.profilesOf(callerOf(request), request.params.email),
  );
};
