import { useAuth } from '../../features/accounts/hooks/use-auth';
import { AllUsers } from '../../features/admin/components/all-users';

/**
 * /dashborad/users (admins only, see RequireAdmin): accounts gives the signed-in admin's e-mail,
 * admin the list, so the admin's own row can go without Remove User.
 */
export default function AllUsersPage() {
  const { user } = useAuth();
  return (
    <section className="px-4 py-8 md:px-8">
      {user ? <AllUsers currentEmail={user.email} /> : null}
    </section>
  );
}
