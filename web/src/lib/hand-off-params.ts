/**
 * The query parameters of a page that a round trip elsewhere hands back to the app: the app must
 * start at once to finish what they say, without waiting for the visitor to reach for the page
 * (app/wake-on-interaction.ts). Its own module, importing nothing: the entry reads them.
 */

/** The e-mailed verification link's way back (features/identity/email-verification.ts). */
export const VERIFIED_PARAM = 'verified';

/** Google's way back to /login or /signup, whose page then finishes the sign-in (PUT /user). */
export const FROM_GOOGLE_PARAM = 'google';

export const HAND_OFF_PARAMS = [VERIFIED_PARAM, FROM_GOOGLE_PARAM] as const;

/** `path` with the marker of Google's way back added to its query. */
export function backFromGoogle(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${FROM_GOOGLE_PARAM}=1`;
}
