/**
 * /myProfileInfo leads to My Profile with this in the history entry's state: My Profile then
 * opens the add-information modal (SPEC.md section 2), and closing it leaves the user there.
 */
export const addInformationRequest = { addInformation: true } as const;

export function isAddInformationRequest(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { addInformation?: unknown }).addInformation === true
  );
}
