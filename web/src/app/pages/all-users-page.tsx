import { useAuth } from '../../features/identity/hooks/use-auth';
import { AllUsers } from '../../features/users/components/all-users';

/**
 * /dashborad/users (admins only, see RequireAdmin): the signed-in admin's e-mail comes with the
 * list, so the admin's own row can go without Remove User.
 */
export default function AllUsersPage() {
  const { user } = useAuth();
  return (
    <section className="px-4 py-8 md:px-8">
      {user ? <AllUsers currentEmail={user.email} /> : null}
    </section>
  );
}
