import { useQuery } from '@tanstack/react-query';
import { routes, texts } from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { adminCheckQueryOptions } from '../api/get-admin';
import { useAuth } from '../hooks/use-auth';

interface RequireAdminProps {
  /** What to protect; as a route's Component, its child routes. */
  children?: ReactNode;
}

/** What a customer sees instead of an admin page: why, and the way back. */
function AdminsOnly() {
  return (
    <section className="px-4 py-8 md:px-8">
      <div className="card bg-base-100 border-base-300 mx-auto max-w-xl border shadow-sm">
        <div className="card-body items-center gap-3 text-center">
          <h2 className="text-2xl font-bold">{texts.dashboard.adminsOnlyTitle}</h2>
          <p>{texts.dashboard.adminsOnly}</p>
          <Link to={routes.dashboard} className="btn btn-primary mt-2">
            {texts.dashboard.backToDashboard}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * An admin page (docs/architecture.md#departures-from-the-spec: refused in the browser too, not
 * only hidden from the menu): a spinner while the admin flag is read, the page for an admin,
 * otherwise a refusal in words. The page itself never renders for anyone else, not even for a
 * moment, so it never sends its admin calls (the server would refuse them anyway). Goes inside
 * RequireAuth.
 */
export function RequireAdmin({ children }: RequireAdminProps) {
  const { user } = useAuth();
  const adminCheck = useQuery(adminCheckQueryOptions(user?.email));
  return (
    // A flag already known stands even when a later refresh of it fails.
    <QueryBoundary query={adminCheck} keepDataOnError errorClassName="px-4 py-8 md:px-8">
      {({ admin }) => (admin ? (children ?? <Outlet />) : <AdminsOnly />)}
    </QueryBoundary>
  );
}

/** The router loads this wrapper as its own chunk, so the first page's script does not grow. */
export default RequireAdmin;
