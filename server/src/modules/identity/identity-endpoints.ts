import type { z } from 'zod';
import {
  RequestPasswordResetBodySchema,
  ResetPasswordBodySchema,
  SendSignInCodeBodySchema,
  SendVerificationEmailBodySchema,
  SignInEmailBodySchema,
  SignInSocialBodySchema,
  SignInWithCodeBodySchema,
  SignOutBodySchema,
  SignUpEmailBodySchema,
  UpdateIdentityUserSchema,
} from '@tools-factory/contract';
import { AUTH_BASE_PATH } from './auth.ts';

export type IdentityEndpoint = {
  method: 'GET' | 'POST';
  /** Better Auth's own path pattern, under AUTH_BASE_PATH; `:name` stands for one path segment. */
  path: string;
  /** The body the web app sends: any other shape is refused with 400 before Better Auth. */
  body?: z.ZodType;
  /** Checks a password or sends an e-mail: counted by the identity rate limits. */
  rateLimited?: boolean;
};

/**
 * The Better Auth endpoints the product uses (web/src/features/identity/api/*.ts, the e-mailed
 * links and Google's redirect); every other one (change-email, delete-user, list-sessions,
 * link-social ...) answers 404 and is never reached.
 */
export const IDENTITY_ENDPOINTS: readonly IdentityEndpoint[] = [
  { method: 'POST', path: '/sign-in/email', body: SignInEmailBodySchema, rateLimited: true },
  { method: 'POST', path: '/sign-up/email', body: SignUpEmailBodySchema, rateLimited: true },
  {
    method: 'POST',
    path: '/send-verification-email',
    body: SendVerificationEmailBodySchema,
    rateLimited: true,
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    body: RequestPasswordResetBodySchema,
    rateLimited: true,
  },
  { method: 'POST', path: '/reset-password', body: ResetPasswordBodySchema, rateLimited: true },
  // The e-mailed sign-in code (issue 22 item 3): counted per endpoint, so sending a code is a
  // bucket of its own, apart from the password's, which a stranger may have filled.
  {
    method: 'POST',
    path: '/email-otp/send-verification-otp',
    body: SendSignInCodeBodySchema,
    rateLimited: true,
  },
  { method: 'POST', path: '/sign-in/email-otp', body: SignInWithCodeBodySchema, rateLimited: true },
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/update-user', body: UpdateIdentityUserSchema },
  { method: 'POST', path: '/sign-out', body: SignOutBodySchema },
  // The links of the e-mails.
  { method: 'GET', path: '/verify-email' },
  { method: 'GET', path: '/reset-password/:token' },
  // Google through the generic OAuth plugin: the redirect out, and the way back.
  { method: 'POST', path: '/sign-in/social', body: SignInSocialBodySchema },
  { method: 'GET', path: '/callback/:id' },
];

function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => part === segments[index] || part.startsWith(':'))
  );
}

const patterns = IDENTITY_ENDPOINTS.map((endpoint) => ({
  endpoint,
  segments: endpoint.path.split('/').slice(1),
}));

/**
 * The endpoint Better Auth would run for this method and URL pathname (as `new URL()` resolved
 * it: the very pathname handed to Better Auth), if it is one of ours. Better Auth's router
 * (better-call on rou3) matches the pathname as it is, case-sensitively and without decoding
 * percent-escapes, answers 404 for doubled slashes and, as configured here, for a trailing slash:
 * an exact match on the same pathname is the same decision.
 */
export function findIdentityEndpoint(
  method: string,
  pathname: string,
): IdentityEndpoint | undefined {
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return undefined;
  const path = pathname.slice(AUTH_BASE_PATH.length);
  if (path.endsWith('/') || path.includes('//')) return undefined;
  const segments = path.split('/').slice(1);
  return patterns.find(
    (candidate) => candidate.endpoint.method === method && matches(candidate.segments, segments),
  )?.endpoint;
}
