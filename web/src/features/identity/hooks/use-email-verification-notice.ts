import { shellTexts } from '@tools-factory/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { VERIFIED_PARAM } from '../email-verification';

/**
 * Back from the e-mailed verification link (`?verified=1`, with `&error=<code>` when it failed):
 * says 'e-mail verified' or why not, once, then takes the marker out of the address, so that a
 * reload or a bookmark does not say it again. The link is followed in a new page load, so the
 * session read for it already says the address is verified.
 */
export function useEmailVerificationNotice(): void {
  const [search, setSearch] = useSearchParams();
  const verifiedMarker = search.has(VERIFIED_PARAM);
  const failed = search.has('error');

  useEffect(() => {
    if (!verifiedMarker) return;
    if (failed) {
      toast.error(shellTexts.emailVerification.failed, { toastId: 'email-verification' });
    } else {
      toast.success(shellTexts.emailVerification.verified, { toastId: 'email-verification' });
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VERIFIED_PARAM);
        next.delete('error');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [verifiedMarker, failed, setSearch]);
}
