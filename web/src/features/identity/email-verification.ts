import { routes } from '@tools-factory/contract';
import { VERIFIED_PARAM } from '../../lib/hand-off-params';

/**
 * The marker the verification link's way back carries: the identity service sends the browser to
 * this callback once the address is verified, or to it with `&error=<code>` when the link is
 * unknown or expired.
 */
export { VERIFIED_PARAM };

/** Where the e-mailed verification link lands: the home page, told to say so. */
export const verificationCallbackURL = `${routes.home}?${VERIFIED_PARAM}=1`;
