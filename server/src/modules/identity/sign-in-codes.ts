import { randomInt } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { constantTimeEqual, symmetricDecrypt } from 'better-auth/crypto';
import { SIGN_IN_CODE } from '@tools-factory/contract';

/**
 * The e-mailed sign-in code (issue 22 item 3; issue 40 item 2): how it is made, and the guard in
 * front of Better Auth's emailOTP plugin that keeps a stranger's guesses away from it.
 */

/** A new code: SIGN_IN_CODE.length characters drawn uniformly from its alphabet (2^40 codes). */
export function generateSignInCode(): string {
  const { alphabet, length } = SIGN_IN_CODE;
  let code = '';
  for (let n = 0; n < length; n += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Better Auth's path for signing in with a code, and the key it keeps an address's code under. */
const SIGN_IN_WITH_CODE = '/sign-in/email-otp';
const codeIdentifier = (email: string) => `sign-in-otp-${email}`;

/**
 * Better Auth checks a code by taking its row out (a stranger's guess in flight makes the
 * owner's right code fail meanwhile), puts it back with one more wrong try, and spends it after
 * `allowedAttempts`: wrong guesses from anyone spent the owner's code. This guard, run before
 * that check, compares the code with the one kept (decrypted as the plugin stores it, with
 * `storeOTP: 'encrypted'`) and answers a wrong, expired or missing one itself, as the plugin
 * would (400 `INVALID_OTP`), touching nothing: only the right code reaches the plugin, which
 * signs in with it and spends it. How many guesses an address takes is counted before either,
 * per account across clients (auth-rate-limits.ts).
 */
export function signInCodeGuard() {
  return {
    id: 'sign-in-code-guard',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === SIGN_IN_WITH_CODE,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { email?: unknown; otp?: unknown } | undefined;
            const email = typeof body?.email === 'string' ? body.email.toLowerCase() : '';
            const otp = typeof body?.otp === 'string' ? body.otp : '';
            const kept = await ctx.context.internalAdapter.findVerificationValue(
              codeIdentifier(email),
            );
            let right = false;
            if (kept && kept.expiresAt > new Date()) {
              // `<stored code>:<wrong tries>`, the stored code encrypted with the secret.
              const colon = kept.value.lastIndexOf(':');
              const stored = colon === -1 ? kept.value : kept.value.slice(0, colon);
              const code = await symmetricDecrypt({
                key: ctx.context.secretConfig,
                data: stored,
              }).catch(() => undefined);
              right = code !== undefined && constantTimeEqual(code, otp);
            }
            if (!right) {
              throw APIError.from('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
