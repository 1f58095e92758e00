import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { App } from '../../app.ts';
import {
  bearer,
  cookiesOf,
  identityHeaders,
  signInTestAccount,
  signUpTestAccount,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { resetTokenThroughOutbox } from '../../testing/mail.ts';
import { sessions } from './identity.table.ts';

const SQUATTER_PASSWORD = 'squatter-pass-9';
const OWNER_PASSWORD = 'owner-chose-this-1';
const ROUNDS = 4;
/** Sign-ins with the old password per round: under the per-address limit of 20 a minute. */
const SIGN_INS = 16;

const bosses = Array.from({ length: ROUNDS }, (_, round) => uniqueEmail(`boss${round}`));
const raceTest = appTest({ config: { adminEmails: bosses, trustProxy: true } });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in with the squatter's password, from a client address of its own. */
async function signInWithOldPassword(app: App, email: string, client: number) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...identityHeaders(app), 'x-forwarded-for': `10.9.${client >> 8}.${client & 255}` },
    payload: { email, password: SQUATTER_PASSWORD },
  });
  return { status: answer.statusCode, cookie: answer.statusCode === 200 ? cookiesOf(answer) : '' };
}

/**
 * The third audit's high finding: a squatter who signed up first with a listed address signed
 * in with the old password while the owner's reset ran; the sign-in read the old hash, the reset
 * ended the sessions and made the account an admin, then the sign-in wrote its session: an admin
 * session that outlived the reset. Here sign-ins with the old password are fired every few
 * milliseconds across the reset's POST, several rounds: afterwards no session of the old
 * password may be alive (none in the database, none that the identity or bearer calls accept).
 */
describe('no session outlives a password reset that finished after its sign-in began', () => {
  raceTest(
    'sign-ins with the old password racing the reset leave no session alive',
    { timeout: 240_000 },
    async ({ app }) => {
      let overlapping = 0;
      for (const [round, boss] of bosses.entries()) {
        const squatter = await signUpTestAccount(app, { email: boss, password: SQUATTER_PASSWORD });
        const token = await resetTokenThroughOutbox(app, boss);

        let resetDone = false;
        const reset = app
          .inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            headers: identityHeaders(app),
            payload: { newPassword: OWNER_PASSWORD, token },
          })
          .finally(() => {
            resetDone = true;
          });
        const signIns: Promise<{ status: number; cookie: string; beganBeforeEnd: boolean }>[] = [];
        for (let i = 0; i < SIGN_INS; i += 1) {
          const beganBeforeEnd = !resetDone;
          signIns.push(
            signInWithOldPassword(app, boss, round * SIGN_INS + i).then((answer) => ({
              ...answer,
              beganBeforeEnd,
            })),
          );
          await pause(i < SIGN_INS / 2 ? 2 : 8);
        }
        expect((await reset).statusCode).toBe(200);
        const answers = await Promise.all(signIns);
        overlapping += answers.filter((a) => a.beganBeforeEnd && a.status === 200).length;

        // Whatever each sign-in answered, none of its sessions lives on.
        const alive = await app.database.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(eq(sessions.userId, squatter.userId));
        expect(alive, `round ${round}: sessions left after the reset`).toEqual([]);
        for (const answer of answers.filter((a) => a.status === 200)) {
          const renew = await app.inject({
            method: 'PUT',
            url: `/api/user/${encodeURIComponent(boss)}`,
            headers: identityHeaders(app, answer.cookie),
            payload: { email: boss },
          });
          expect(renew.statusCode, `round ${round}: a session of the old password`).toBe(401);
          const session = await app.inject({
            method: 'GET',
            url: '/api/auth/get-session',
            headers: identityHeaders(app, answer.cookie),
          });
          expect(session.json()).toBeNull();
        }
        // The squatter's token from before is dead too; the owner's sign-in is the admin.
        const before = await app.inject({
          method: 'GET',
          url: `/api/admin/${encodeURIComponent(boss)}`,
          headers: bearer(squatter.token),
        });
        expect(before.statusCode).toBe(401);
        const owner = await signInTestAccount(app, { email: boss, password: OWNER_PASSWORD });
        const check = await app.inject({
          method: 'GET',
          url: `/api/admin/${encodeURIComponent(boss)}`,
          headers: bearer(owner.token),
        });
        expect(check.json()).toEqual({ admin: true });
      }
      // The race was run: sign-ins with the old password that began before the reset answered
      // and were let in (their sessions ended by it).
      expect(overlapping).toBeGreaterThan(0);
    },
  );
});
