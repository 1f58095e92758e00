import {
  texts,
  type AddProfileResponse,
  type Profile,
  type SaveProfileInput,
  type UpdateProfileResponse,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, notFound } from '../../http-errors.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import {
  insertProfile,
  selectProfileOfUser,
  selectProfileOfUserForUpdate,
  updateProfileOfUser,
  type ProfileChanges,
  type ProfileRow,
} from './profiles.repository.ts';

export function toProfileDto(row: ProfileRow): Profile {
  return {
    name: row.name,
    email: row.email,
    education: row.education,
    city: row.city,
    phone: row.phone,
    linkdin: row.linkedin,
  };
}

/**
 * The record as the caller's form fills it in. Name and e-mail are the account's, never the
 * body's: a profile cannot be made to show someone else's address.
 */
function changesFrom(caller: Account, input: SaveProfileInput): ProfileChanges {
  return {
    name: caller.name,
    email: caller.email,
    education: input.education,
    city: input.city,
    phone: input.phone,
    linkedin: input.linkdin,
  };
}

function isSameRecord(row: ProfileRow, changes: ProfileChanges): boolean {
  return (
    row.name === changes.name &&
    row.email === changes.email &&
    row.education === changes.education &&
    row.city === changes.city &&
    row.phone === changes.phone &&
    row.linkedin === changes.linkedin
  );
}

export type ProfilesServiceOptions = {
  db: Database;
  /** Finds the account behind an e-mail when an admin reads someone else's profile. */
  identity: Pick<IdentityService, 'findByEmail'>;
};

/**
 * My Profile: one record a user, added once, then edited
 * (docs/architecture.md#departures-from-the-spec).
 */
export function createProfilesService(options: ProfilesServiceOptions) {
  const { db, identity } = options;

  const isOwnEmail = (caller: Account, email: string) => email.toLowerCase() === caller.email;

  return {
    /** POST /userinfo: the caller's profile; a second one answers 409 instead of a duplicate. */
    async addProfile(caller: Account, input: SaveProfileInput): Promise<AddProfileResponse> {
      try {
        const row = await insertProfile(db, { userId: caller.id, ...changesFrom(caller, input) });
        return { acknowledged: true, insertedId: row.userId };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(texts.profile.alreadyAdded);
        throw error;
      }
    },

    /**
     * PATCH /userinfo/{email}: 404 before any profile was added. `modifiedCount` is 0 when
     * nothing changed, as the original's update answered.
     */
    async updateProfile(
      caller: Account,
      email: string,
      input: SaveProfileInput,
    ): Promise<UpdateProfileResponse> {
      if (!isOwnEmail(caller, email)) throw forbidden(texts.identityErrors.otherUsersEmail);
      const changes = changesFrom(caller, input);
      const modifiedCount = await db.transaction(async (tx) => {
        const current = await selectProfileOfUserForUpdate(tx, caller.id);
        if (!current) throw notFound(texts.profile.notAddedYet);
        if (isSameRecord(current, changes)) return 0;
        return updateProfileOfUser(tx, caller.id, changes);
      });
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },

    /**
     * GET /profilrdetail/{email}: a list, as the spec's answer is; empty when the user has added
     * nothing yet (or, for an admin, when no account has this e-mail).
     */
    async profilesOf(caller: Account, email: string): Promise<Profile[]> {
      let userId: string;
      if (isOwnEmail(caller, email)) {
        userId = caller.id;
      } else if (caller.role === 'admin') {
        const owner = await identity.findByEmail(email.toLowerCase());
        if (!owner) return [];
        userId = owner.id;
      } else {
        throw forbidden(texts.identityErrors.otherUsersEmail);
      }
      const row = await selectProfileOfUser(db, userId);
      return row ? [toProfileDto(row)] : [];
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
