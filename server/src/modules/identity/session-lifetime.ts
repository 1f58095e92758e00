/**
 * How long an identity session lives (SESSION_IDLE_HOURS, SESSION_MAX_DAYS; README): each use
 * slides its end to `idleHours` ahead, never past `maxDays` after it began. Better Auth slides
 * (its session.expiresIn and updateAge), the database hooks cap, and the bearer guard refuses a
 * session whose end or absolute lifetime has passed (identity.repository.ts).
 */
export type SessionLifetime = { idleHours: number; maxDays: number };

const HOUR_MS = 3_600_000;

/** Better Auth's session settings for this lifetime, in seconds. */
export function betterAuthSessionSettings(lifetime: SessionLifetime) {
  const expiresIn = Math.round(lifetime.idleHours * 3600);
  // The end moves at most once an hour (a write per session and hour of use, not per request).
  return { expiresIn, updateAge: Math.min(3600, expiresIn) };
}

/** The latest a session begun at `createdAt` may end. */
export function absoluteEnd(createdAt: Date, lifetime: SessionLifetime): Date {
  return new Date(createdAt.getTime() + lifetime.maxDays * 24 * HOUR_MS);
}

/** The earliest begin a session may have at `now` and still be live. */
export function oldestLiveStart(now: Date, lifetime: SessionLifetime): Date {
  return new Date(now.getTime() - lifetime.maxDays * 24 * HOUR_MS);
}

/** `expiresAt`, or the session's absolute end when that comes first. */
export function cappedExpiry(expiresAt: Date, createdAt: Date, lifetime: SessionLifetime): Date {
  const cap = absoluteEnd(createdAt, lifetime);
  return expiresAt > cap ? cap : expiresAt;
}
