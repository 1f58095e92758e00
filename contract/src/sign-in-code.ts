/**
 * The e-mailed sign-in code (issue 22 item 3): the way in for an owner whose password sign-in is
 * refused past the sign-in limit. Digits only; short-lived; a few wrong tries void it.
 */
export const SIGN_IN_CODE = { length: 6, expiresInMinutes: 10, allowedAttempts: 3 } as const;
