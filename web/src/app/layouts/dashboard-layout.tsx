import { routes, texts } from '@tools-factory/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLink } from '../../components/ui/brand-link';
import { MenuIcon } from '../../components/ui/icons';
import { useIsAdmin } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useSignOut } from '../../features/identity/hooks/use-sign-out';
import { CartLink } from '../../features/cart/components/cart-link';
import { DashboardMenu } from './dashboard-menu';
import { PageOutlet } from './page-outlet';

/**
 * /dashborad: its own header (the site's top bar is hidden here) with the user's e-mail, HOME and
 * SIGN OUT (docs/architecture.md#departures-from-the-spec: otherwise there is no way out), a side
 * menu (the admin one when GET /admin says so) and the nested page. Below md the menu is a daisyUI
 * drawer behind a toggle; from md up it is a fixed column.
 */
export default function DashboardLayout() {
  const { user } = useAuth();
  const isAdmin = useIsAdmin(user?.email);
  const signOut = useSignOut();

  const { pathname } = useLocation();
  // The drawer is open on the page it was opened on: any navigation closes it, no effect needed.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const closeDrawer = useCallback(() => setDrawerOpenOn(null), []);
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex grow flex-col">
      <header className="bg-neutral text-neutral-content">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost btn-square btn-sm text-neutral-content hover:bg-white/10 md:hidden"
            aria-label={texts.dashboard.openMenu}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpenOn(pathname)}
          >
            <MenuIcon className="text-lg" aria-hidden="true" />
          </button>
          <BrandLink />
          <h1 className="text-lg font-bold">{texts.dashboard.title}</h1>
          <div className="flex w-full min-w-0 flex-wrap items-center gap-2 sm:ml-auto sm:w-auto sm:flex-nowrap">
            {user ? (
              // On a phone the e-mail takes a line of its own under the links (beside the cart's
              // link it was cut to a letter or two).
              <p
                className="min-w-0 grow truncate text-sm opacity-80 max-sm:order-last max-sm:basis-full"
                title={user.email}
              >
                <span className="sr-only">{texts.dashboard.signedInAs} </span>
                {user.email}
              </p>
            ) : null}
            {isAdmin === false ? <CartLink /> : null}
            <Link
              to={routes.home}
              className="rounded-field shrink-0 px-3 py-2 text-sm font-semibold tracking-wide transition-colors hover:bg-white/10"
            >
              {texts.nav.home}
            </Link>
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm shrink-0"
              onClick={() => void signOut()}
            >
              {texts.nav.signOut}
            </button>
          </div>
        </div>
      </header>

      <div className="drawer md:drawer-open mx-auto w-full max-w-7xl grow">
        {/* daisyUI opens the drawer from this box's state; the toggle above is the real control. */}
        <input
          type="checkbox"
          className="drawer-toggle"
          checked={drawerOpen}
          readOnly
          disabled
          tabIndex={-1}
          aria-hidden="true"
        />
        {/* min-w-0 (drawer-content): a wide table scrolls inside its page, not the page. */}
        {/* data-page-content: where the focus looks for the page's heading after a navigation. */}
        <div className="drawer-content" data-page-content>
          <PageOutlet />
        </div>
        <DashboardMenu
          isAdmin={isAdmin === true}
          open={drawerOpen}
          panelId={drawerId}
          onClose={closeDrawer}
          toggleRef={toggleRef}
        />
      </div>
    </div>
  );
}
