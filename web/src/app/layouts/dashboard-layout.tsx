import { routes, texts } from '@tools-factory/contract';
import { Link, NavLink, Outlet } from 'react-router';

// The menu every signed-in user sees; the admin items come with the admin check (SPEC.md
// section 2: while the admin flag is unknown, this non-admin menu shows).
const menu = [
  { to: routes.dashboard, label: texts.dashboard.portfolio, end: true },
  { to: routes.dashboardMyProfile, label: texts.dashboard.myProfile },
  { to: routes.dashboardAddReview, label: texts.dashboard.addReview },
  { to: routes.dashboardOrders, label: texts.dashboard.myOrders },
];

/** /dashborad: its own header (the site's top bar is hidden here), a side menu and the nested page. */
export default function DashboardLayout() {
  return (
    <div className="flex grow flex-col">
      <header className="bg-neutral text-neutral-content">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <Link
            to={routes.home}
            aria-label={texts.nav.homeLink}
            className="text-xl font-extrabold tracking-tight"
          >
            <span>{texts.brand.first}</span>{' '}
            <span className="text-primary">{texts.brand.second}</span>
          </Link>
          <h1 className="text-lg font-bold">{texts.dashboard.title}</h1>
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
        <div className="grow">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
