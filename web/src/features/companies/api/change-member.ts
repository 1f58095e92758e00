import { apiPaths, type ChangeMemberInput, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/** Whose membership changes, and how: a new role, or a buyer's monthly limit (null: none). */
export type ChangeMemberVariables = { userId: string } & ChangeMemberInput;

/**
 * PATCH /api/company/members/{userId} (bearer, its admins): the member becomes an admin or a
 * buyer, or a buyer's monthly spending limit is set ($0: every checkout waits for approval) or
 * lifted (null). 409 when the company would be left without an admin, or for an admin's limit.
 */
export function changeMember({ userId, ...change }: ChangeMemberVariables): Promise<MyCompany> {
  return api.patch<MyCompany>(apiPaths.companyMember(userId), change);
}

export function useChangeMember() {
  return useCompanyChange(changeMember);
}
