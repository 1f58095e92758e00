import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isDashboardPath } from '../../config/paths';
import { useAuth } from '../../features/accounts/hooks/use-auth';
import { useSignOut } from '../../features/accounts/hooks/use-sign-out';
import { useUnauthorizedHandler } from '../../features/accounts/hooks/use-unauthorized-handler';
import { Footer } from './footer';
import { NavigationProgress } from './navigation-progress';
import { TopBar } from './top-bar';

/** Every page's frame: top bar (not on the dashboard, which has its own header), page, footer. */
export function ShellLayout() {
  const { pathname } = useLocation();
  const auth = useAuth();
  const signOut = useSignOut();
  useUnauthorizedHandler();
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      {isDashboardPath(pathname) ? null : (
        <TopBar
          signedIn={auth.status === 'signedIn'}
          accountPending={auth.status === 'loading' || auth.status === 'completing'}
          onSignOut={() => void signOut()}
        />
      )}
      <main className="flex grow flex-col">
        <Outlet />
      </main>
      <Footer />
      {/* Scrolls to the top on a new page, and to the section named by a #hash link. */}
      <ScrollRestoration />
    </div>
  );
}
