import { useOutletContext } from 'react-router';

/** The signed-in account as the company pages need it: its id names its own row of Members. */
export interface CompanyAccount {
  id: string;
}

/**
 * Who opens a company page. The companies feature reads no session of its own (a feature never
 * imports another): the route above its pages says who is signed in (app/route-table.tsx).
 * `unknown` while the sign-in is being read, and while the server's HTML is hydrated.
 */
export type CompanyVisitor =
  { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; account: CompanyAccount };

/** The visitor the route above this page handed down (React Router's outlet context). */
export function useCompanyVisitor(): CompanyVisitor {
  return useOutletContext<CompanyVisitor>();
}
