import { routes, texts } from '@tools-factory/contract';
import { useEffect, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { FOCUSABLE, keepFocusInside } from '../../components/ui/keep-focus-inside';

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

/** Where each page of the menu is; its name is the dashboard's text of the same key. */
const pagePaths = {
  myProfile: routes.dashboardMyProfile,
  addReview: routes.dashboardAddReview,
  myOrders: routes.dashboardOrders,
  myQuotes: routes.dashboardMyQuotes,
  quickOrder: routes.dashboardQuickOrder,
  addProducts: routes.dashboardAddProducts,
  allUsers: routes.dashboardUsers,
  manageOrders: routes.dashboardAllOrders,
  quotes: routes.dashboardQuotes,
  sales: routes.dashboardSales,
  receivables: routes.dashboardReceivables,
  stockHolds: routes.dashboardHolds,
  reviews: routes.dashboardReviews,
  messages: routes.dashboardMessages,
  manageTools: routes.dashboardManageTools,
  company: routes.dashboardCompany,
  companies: routes.dashboardCompanies,
} satisfies Partial<Record<keyof typeof texts.dashboard, string>>;

/** The portfolio (the dashboard's index) first, then these pages in this order. */
function menuOf(pages: (keyof typeof pagePaths)[]): MenuItem[] {
  return [
    { to: routes.dashboard, label: texts.dashboard.portfolio, end: true },
    ...pages.map((page) => ({ to: pagePaths[page], label: texts.dashboard[page] })),
  ];
}

// SPEC.md section 2: while the admin flag is unknown, the non-admin menu shows.
const customerMenu = menuOf([
  'myProfile',
  'addReview',
  'myOrders',
  'quickOrder',
  'myQuotes',
  // Beyond the spec (issue 44): a shop admin does not buy, so belongs to no company.
  'company',
]);

const adminMenu = menuOf([
  'addProducts',
  'allUsers',
  // Beyond the spec (issue 44): the company accounts, their people and checkouts.
  'companies',
  'manageOrders',
  'quotes',
  'sales',
  // Beyond the spec (issue 45): the open invoices on account, and the payments received.
  'receivables',
  'stockHolds',
  'reviews',
  'messages',
  'manageTools',
  // Their own profile too: their staff e-mails are switched on or off there.
  'myProfile',
]);

interface DashboardMenuProps {
  /** The admin menu when GET /admin says so; the customer's otherwise. */
  isAdmin: boolean;
  /** Below md: whether the drawer is open. From md up the menu is always shown. */
  open: boolean;
  /** The panel's id, which the toggle controls. */
  panelId: string;
  /** Closes the drawer; the same function on every render. */
  onClose: () => void;
  /** The toggle that opened the drawer: the focus goes back to it when the drawer closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The dashboard's side menu. Below md a daisyUI drawer over the page: open, it takes the focus,
 * keeps Tab inside and closes on Escape, on its Close button, on the overlay and on a link; closed,
 * it gives the focus back to the toggle. From md up it is a column as tall as the page beside it.
 */
export function DashboardMenu({ isAdmin, open, panelId, onClose, toggleRef }: DashboardMenuProps) {
  const menu = isAdmin ? adminMenu : customerMenu;

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (open) {
      const closeOnEscape = (event: globalThis.KeyboardEvent) => {
        if (event.key === 'Escape') onClose();
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
  }, [open, panelId, onClose, toggleRef]);

  return (
    // Below md: fixed over the page. From md up: a column as tall as the page beside it.
    <div className="drawer-side z-40 md:static md:h-auto">
      <div className="drawer-overlay" aria-hidden="true" onClick={onClose} />
      <div
        id={panelId}
        className="bg-base-200 flex min-h-full w-72 max-w-[85vw] flex-col md:w-60"
        onKeyDown={open ? keepFocusInside : undefined}
      >
        <div className="flex items-center justify-between px-4 pt-4 md:hidden">
          <span className="font-bold">{texts.dashboard.title}</span>
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm"
            aria-label={texts.dashboard.closeMenu}
            onClick={onClose}
          >
            <CloseIcon className="text-lg" aria-hidden="true" />
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
                  onClick={onClose}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
