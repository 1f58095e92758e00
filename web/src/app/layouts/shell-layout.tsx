import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isDashboardPath } from '../../config/paths';
import { Footer } from './footer';
import { NavigationProgress } from './navigation-progress';
import { TopBar } from './top-bar';

/** Every page's frame: top bar (not on the dashboard, which has its own header), page, footer. */
export function ShellLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      {/* Sign-in arrives with the accounts issue; it will pass the session's state here. */}
      {isDashboardPath(pathname) ? null : <TopBar signedIn={false} />}
      <main className="flex grow flex-col">
        <Outlet />
      </main>
      <Footer />
      {/* Scrolls to the top on a new page, and to the section named by a #hash link. */}
      <ScrollRestoration />
    </div>
  );
}
