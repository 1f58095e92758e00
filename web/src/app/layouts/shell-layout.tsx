import { shellTexts } from '@tools-factory/contract';
import { useCallback, useMemo, useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { isDashboardPath } from '../../config/paths';
import { useIsAdmin } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { CartLink } from '../../features/cart/components/cart-link';
import { useEmailVerificationNotice } from '../../features/identity/hooks/use-email-verification-notice';
import { useSignOut } from '../../features/identity/hooks/use-sign-out';
import { useUnauthorizedHandler } from '../../features/identity/hooks/use-unauthorized-handler';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { PageOutlet } from './page-outlet';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useScrollOnNavigation } from './use-scroll-on-navigation';

const MAIN_ID = 'main-content';

/**
 * Every page's frame: the skip link, top bar (not on the dashboard, which has its own header),
 * page, footer. On navigation it scrolls as a visitor expects (top, #section, or back where
 * they were) and moves the focus to the new page's heading.
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  const auth = useAuth();
  const signOut = useSignOut();
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  // The cart is a customer's: an admin's bar has no cart link (and asks for no cart).
  const isAdmin = useIsAdmin(auth.status === 'signedIn' ? auth.user.email : undefined);
  // The same element while the flag stands, so that the (memoized) bar is not rendered again.
  const cartLink = useMemo(() => (isAdmin === false ? <CartLink /> : null), [isAdmin]);
  const mainRef = useRef<HTMLElement>(null);
  useUnauthorizedHandler();
  useScrollOnNavigation();
  useFocusOnNavigation(mainRef);
  useEmailVerificationNotice();

  // The focus moves in place of a #hash navigation: the address and the router stay as they are.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={skipToMain}
        className="focus:bg-primary focus:text-primary-content focus:rounded-field sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:px-4 focus:py-2 focus:font-semibold focus:shadow-lg"
      >
        {shellTexts.a11y.skipToContent}
      </a>
      {isDashboardPath(pathname) ? null : (
        <TopBar
          signedIn={auth.status === 'signedIn'}
          accountPending={auth.status === 'loading' || auth.status === 'completing'}
          onSignOut={onSignOut}
          cartLink={cartLink}
        />
      )}
      <main ref={mainRef} id={MAIN_ID} tabIndex={-1} className="flex grow flex-col outline-none">
        <PageOutlet />
      </main>
      <Footer signedIn={auth.status === 'signedIn'} />
    </div>
  );
}
