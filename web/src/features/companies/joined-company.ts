/**
 * After joining, the invitation's page leads to the Company page with this in the history entry's
 * state: the Company page then says whose member the account now is.
 */
export const joinedCompanyState = (companyName: string) => ({ joinedCompany: companyName });

/** The company just joined, when the Company page was reached that way. */
export function joinedCompanyOf(state: unknown): string | null {
  const name = (state as { joinedCompany?: unknown } | null)?.joinedCompany;
  return typeof name === 'string' && name ? name : null;
}
