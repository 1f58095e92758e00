import { routes, texts } from '@tools-factory/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FaBars, FaTimes } from 'react-icons/fa';
import { Link, NavLink, useLocation } from 'react-router';
import { useIsAdmin } from '../../features/accounts/api/get-admin';
import { useAuth } from '../../features/accounts/hooks/use-auth';
import { useSignOut } from '../../features/accounts/hooks/use-sign-out';
import { PageOutlet } from './page-outlet';

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

const portfolioItem: MenuItem = {
  to: routes.dashboard,
  label: texts.dashboard.portfolio,
  end: true,
};

// SPEC.md section 2: while the admin flag is unknown, the non-admin menu shows.
const customerMenu: MenuItem[] = [
  portfolioItem,
  { to: routes.dashboardMyProfile, label: texts.dashboard.myProfile },
  { to: routes.dashboardAddReview, label: texts.dashboard.addReview },
  { to: routes.dashboardOrders, label: texts.dashboard.myOrders },
  { to: routes.dashboardMyQuotes, label: texts.dashboard.myQuotes },
];

const adminMenu: MenuItem[] = [
  portfolioItem,
  { to: routes.dashboardAddProducts, label: texts.dashboard.addProducts },
  { to: routes.dashboardUsers, label: texts.dashboard.allUsers },
  { to: routes.dashboardAllOrders, label: texts.dashboard.manageOrders },
  { to: routes.dashboardQuotes, label: texts.dashboard.quotes },
  { to: routes.dashboardSales, label: texts.dashboard.sales },
  { to: routes.dashboardHolds, label: texts.dashboard.stockHolds },
  { to: routes.dashboardReviews, label: texts.dashboard.reviews },
  { to: routes.dashboardMessages, label: texts.dashboard.messages },
  { to: routes.dashboardManageTools, label: texts.dashboard.manageTools },
  // An admin may ask for a quote too (the purchase page is open to every signed-in user).
  { to: routes.dashboardMyQuotes, label: texts.dashboard.myQuotes },
];

const FOCUSABLE = 'a[href], button:not([disabled])';

/** Tab and Shift+Tab go round inside the open drawer: the page behind it is covered. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * /dashborad: its own header (the site's top bar is hidden here) with the user's e-mail, HOME and
 * SIGN OUT (DESIGN.md section 10: otherwise there is no way out), a side menu (the admin one when
 * GET /admin says so) and the nested page. Below md the menu is a daisyUI drawer behind a toggle;
 * from md up it is a fixed column.
 */
export default function DashboardLayout() {
  const { user } = useAuth();
  const isAdmin = useIsAdmin(user?.email);
  const signOut = useSignOut();
  const menu = isAdmin ? adminMenu : customerMenu;

  const { pathname } = useLocation();
  // The drawer is open on the page it was opened on: any navigation closes it, no effect needed.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const closeDrawer = () => setDrawerOpenOn(null);
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (drawerOpen) {
      const closeOnEscape = (event: globalThis.KeyboardEvent) => {
        if (event.key === 'Escape') setDrawerOpenOn(null);
      };
      window.addEventListener('keydown', closeOnEscape);
      // Into the drawer. daisyUI keeps it hidden (visibility) for the first 0.1 s of its
      // transition, and a hidden element cannot take the focus: so again once it shows.
      const drawerSide = panel?.parentElement;
      const focusFirst = () => {
        const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
        if (first && !panel?.contains(document.activeElement)) first.focus();
      };
      focusFirst();
      drawerSide?.addEventListener('transitionstart', focusFirst);
      drawerSide?.addEventListener('transitionend', focusFirst);
      return () => {
        window.removeEventListener('keydown', closeOnEscape);
        drawerSide?.removeEventListener('transitionstart', focusFirst);
        drawerSide?.removeEventListener('transitionend', focusFirst);
      };
    }
    // Closed with the focus inside (a link, Close, Escape): back to the toggle, not lost on a
    // hidden element.
    if (panel?.contains(document.activeElement)) toggleRef.current?.focus();
    return undefined;
  }, [drawerOpen]);

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
            <FaBars className="text-lg" aria-hidden="true" />
          </button>
          <Link
            to={routes.home}
            aria-label={texts.nav.homeLink}
            className="text-xl font-extrabold tracking-tight"
          >
            <span>{texts.brand.first}</span>{' '}
            <span className="text-primary">{texts.brand.second}</span>
          </Link>
          <h1 className="text-lg font-bold">{texts.dashboard.title}</h1>
          <div className="flex w-full min-w-0 items-center gap-2 sm:ml-auto sm:w-auto">
            {user ? (
              <p className="min-w-0 grow truncate text-sm opacity-80" title={user.email}>
                <span className="sr-only">{texts.dashboard.signedInAs} </span>
                {user.email}
              </p>
            ) : null}
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
        {/* Below md: fixed over the page. From md up: a column as tall as the page beside it. */}
        <div className="drawer-side z-40 md:static md:h-auto">
          <div className="drawer-overlay" aria-hidden="true" onClick={closeDrawer} />
          <div
            ref={panelRef}
            id={drawerId}
            className="bg-base-200 flex min-h-full w-72 max-w-[85vw] flex-col md:w-60"
            onKeyDown={drawerOpen ? keepFocusInside : undefined}
          >
            <div className="flex items-center justify-between px-4 pt-4 md:hidden">
              <span className="font-bold">{texts.dashboard.title}</span>
              <button
                type="button"
                className="btn btn-ghost btn-square btn-sm"
                aria-label={texts.dashboard.closeMenu}
                onClick={closeDrawer}
              >
                <FaTimes className="text-lg" aria-hidden="true" />
              </button>
            </div>
            <nav aria-label={texts.dashboard.title}>
              <ul className="menu w-full gap-1 p-4">
                {menu.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end ?? false}
                      className={({ isActive }) => (isActive ? 'menu-active' : '')}
                      // The page already shown: no navigation to close the drawer, so close it here.
                      onClick={closeDrawer}
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </div>
  );
}
