import { routes, texts } from '@tools-factory/contract';
import { Link, NavLink, Outlet } from 'react-router';
import { useIsAdmin } from '../../features/accounts/api/get-admin';
import { useAuth } from '../../features/accounts/hooks/use-auth';

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
];

const adminMenu: MenuItem[] = [
  portfolioItem,
  { to: routes.dashboardAddProducts, label: texts.dashboard.addProducts },
  { to: routes.dashboardUsers, label: texts.dashboard.allUsers },
  { to: routes.dashboardAllOrders, label: texts.dashboard.manageOrders },
  { to: routes.dashboardManageTools, label: texts.dashboard.manageTools },
];

/**
 * /dashborad: its own header with the user's e-mail (the site's top bar is hidden here), a side
 * menu (the admin one when GET /admin says so) and the nested page.
 */
export default function DashboardLayout() {
  const { user } = useAuth();
  const isAdmin = useIsAdmin(user?.email);
  const menu = isAdmin ? adminMenu : customerMenu;
  return (
    <div className="flex grow flex-col">
      <header className="bg-neutral text-neutral-content">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link
            to={routes.home}
            aria-label={texts.nav.homeLink}
            className="text-xl font-extrabold tracking-tight"
          >
            <span>{texts.brand.first}</span>{' '}
            <span className="text-primary">{texts.brand.second}</span>
          </Link>
          <h1 className="text-lg font-bold">{texts.dashboard.title}</h1>
          {user ? (
            <p className="w-full truncate text-sm opacity-80 sm:w-auto">
              <span className="sr-only">{texts.dashboard.signedInAs} </span>
              {user.email}
            </p>
          ) : null}
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl grow flex-col md:flex-row">
        <nav aria-label={texts.dashboard.title} className="bg-base-200 md:w-60 md:shrink-0">
          <ul className="menu w-full gap-1 p-4">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* min-w-0: a wide table scrolls inside its page instead of widening the page. */}
        <div className="min-w-0 grow">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
