import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { MIN_PASSWORD_LENGTH, routes, SIGN_IN_CODE, texts } from '@tools-factory/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { accounts, sessions, users, verifications } from './identity.table.ts';
import { createAdminEmails } from './admin-emails.ts';
import { findUserByEmail, updateUser } from './identity.repository.ts';
import {
  resetPasswordMail,
  signInCodeMail,
  verificationMail,
} from '../../mail/templates/identity.ts';
import { endResetLinksOf } from './reset-links.ts';
import { generateSignInCode, signInCodeGuard } from './sign-in-codes.ts';
import { bumpPasswordVersion, sessionPasswordVersion } from './password-versions.ts';
import { betterAuthSessionSettings, cappedExpiry } from './session-lifetime.ts';
import { writeBetterAuthLine } from './auth-log.ts';

export const AUTH_BASE_PATH = '/api/auth';
export const GOOGLE_PROVIDER_ID = 'google';
/** Better Auth's error code for a sign-in refused because the password changed while it ran. */
export const PASSWORD_CHANGED = 'PASSWORD_CHANGED_DURING_SIGN_IN';

/**
 * Better Auth on our own database: e-mail and password (verification sent on sign-up, not
 * required to sign in), password reset, and Google through the generic OAuth plugin so that its
 * discovery URL can point at a local OpenID Connect provider in tests.
 */
export function createAuth(options: {
  config: Config;
  db: Database;
  /**
   * Takes the reset, verification and sign-in code e-mails. Better Auth's callbacks run outside
   * any transaction of ours: each is written on its own, and delivered afterwards.
   */
  outbox: OutboxWriter;
  log: FastifyBaseLogger;
}) {
  const { config, db, outbox, log } = options;
  const adminEmails = createAdminEmails(config.adminEmails);
  return betterAuth({
    appName: 'Tools Factory',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.betterAuthSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        // Never taken from the client (input: false); ADMIN_EMAILS acts at a password reset only.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    // An idle window each use slides (SESSION_IDLE_HOURS), capped at SESSION_MAX_DAYS from the
    // sign-in by the session hooks below (session-lifetime.ts).
    session: {
      ...betterAuthSessionSettings(config.session),
      additionalFields: {
        // The account's password version when the sign-in began (password-versions.ts).
        passwordVersion: { type: 'number', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            // A sign-in that began before a password change writes no session (password-versions.ts).
            const passwordVersion = await sessionPasswordVersion(db, session.userId);
            if (passwordVersion === 'stale') {
              throw new APIError('UNAUTHORIZED', {
                code: PASSWORD_CHANGED,
                message: texts.identityErrors.passwordChangedDuringSignIn,
              });
            }
            return {
              data: {
                ...session,
                passwordVersion,
                expiresAt: cappedExpiry(
                  session.expiresAt,
                  session.createdAt ?? new Date(),
                  config.session,
                ),
              },
            };
          },
        },
        update: {
          // Better Auth slides a session's end from getSession, whose context holds the session
          // as it was read: its createdAt is the sign-in, the cap's start.
          before: async (changes, context) => {
            const createdAt = context?.context.session?.session.createdAt;
            if (!(changes.expiresAt instanceof Date) || !createdAt) return;
            return {
              data: {
                ...changes,
                expiresAt: cappedExpiry(changes.expiresAt, new Date(createdAt), config.session),
              },
            };
          },
        },
      },
      user: {
        create: {
          // Every account starts a user, whatever its address or provider: ADMIN_EMAILS acts
          // only at a password reset (onPasswordReset below).
          before: async (user) => ({
            data: { ...user, email: user.email.toLowerCase(), role: 'user' },
          }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      // A reset ends every session of the account (and so every access token: the bearer guard
      // checks the token's session on each call), the listed owner's own included.
      revokeSessionsOnPasswordReset: true,
      // Runs once the password is set through the e-mailed link and the sessions are ended: the
      // person holding both mailbox and password of a listed address is an admin from their
      // next sign-in; no session that existed before the reset survives it to gain the role.
      // The password version moves on in the same transaction, every session of the old one (a
      // sign-in that read the old hash while this reset ran) ends with it, and so do the
      // account's other reset links: asking for one cancelled none.
      onPasswordReset: async ({ user }) => {
        const listed = adminEmails.isListed(user.email);
        await bumpPasswordVersion(db, user.id, async (tx) => {
          await endResetLinksOf(tx, user.id);
          if (listed) await updateUser(tx, user.id, { role: 'admin' });
        });
      },
      sendResetPassword: async ({ user, url }) => {
        // Asking cancels no earlier link (anyone may ask, issue 40): the link the owner holds
        // keeps working until one of the account's links is used, which ends all the others
        // (onPasswordReset).
        await outbox.enqueue(db, resetPasswordMail({ to: user.email, name: user.name, url }), {
          userId: user.id,
          mail: 'reset password',
        });
      },
    },
    emailVerification: {
      // The client sends it as the spec's sign-up sequence does (create, verify, set the name).
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await outbox.enqueue(db, verificationMail({ to: user.email, name: user.name, url }), {
          userId: user.id,
          mail: 'verify e-mail',
        });
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    // Our own Fastify rate limits guard sign-in and reset (shared through Redis when set).
    rateLimit: { enabled: false },
    // Failures that are not Better Auth's own answers (a database out of reach) reach our error
    // handler, which answers 503 for an outage, instead of becoming a bare 500 in here.
    // errorURL: a Google round trip that fails before its state is read (no state cookie, a
    // forged state) lands on the login page, which says so, rather than on Better Auth's own
    // error page, which is not exposed (identity-endpoints.ts).
    onAPIError: { throw: true, errorURL: routes.login },
    telemetry: { enabled: false },
    // Better Auth logs to the console on its own: follow LOG_LEVEL (tests run 'silent').
    logger: {
      disabled: config.logLevel === 'silent',
      level: betterAuthLogLevel(config.logLevel),
      // Through the app's logger, whose error serializer drops bound SQL parameters (e-mails,
      // names): Better Auth's own console lines print a failed query with them. Other arguments
      // (the objects it was handling) are left out for the same reason. A caller's forged state
      // or off-site URL is a warning with the client address, not an error (auth-log.ts).
      log: (level, message, ...args: unknown[]) => writeBetterAuthLine(log, level, message, args),
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      // Better Auth skips its Origin (CSRF) checks whenever NODE_ENV is 'test' (as under Vitest):
      // keep them on so the tests run the code production runs.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
      // The e-mailed sign-in code (issue 22 item 3): the owner's way in while a stranger's wrong
      // guesses hold the password sign-in of the address back (auth-rate-limits.ts). Only its
      // send (type 'sign-in') and sign-in endpoints are exposed (identity-endpoints.ts).
      // Issue 40: 8 characters of 32 (sign-in-codes.ts); a stranger's guesses are counted per
      // account (auth-rate-limits.ts) and answered by signInCodeGuard below, never by the plugin,
      // whose wrong tries would spend the owner's code: only a right code reaches it. Its own
      // count of wrong tries is only a backstop, as high as the account's guesses in a day.
      emailOTP({
        generateOTP: () => generateSignInCode(),
        expiresIn: SIGN_IN_CODE.expiresInMinutes * 60,
        allowedAttempts: config.signInCodeGuessesPerDay,
        // A code signs in an existing account only: no account is made for an unknown address,
        // and none is e-mailed to it (the answer is the same: no enumeration).
        disableSignUp: true,
        // Encrypted with the secret rather than hashed, so that asking again resends the same
        // code: a stranger asking for codes to the address cannot void the one its owner has.
        storeOTP: 'encrypted',
        resendStrategy: 'reuse',
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== 'sign-in') return;
          const user = await findUserByEmail(db, email);
          if (!user) return;
          await outbox.enqueue(db, signInCodeMail({ to: user.email, name: user.name, code: otp }), {
            userId: user.id,
            mail: 'sign-in code',
          });
        },
      }),
      signInCodeGuard(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: config.google.discoveryUrl,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function betterAuthLogLevel(logLevel: string): 'debug' | 'info' | 'warn' | 'error' {
  if (logLevel === 'debug' || logLevel === 'trace') return 'debug';
  if (logLevel === 'info') return 'info';
  if (logLevel === 'error' || logLevel === 'fatal') return 'error';
  return 'warn';
}
