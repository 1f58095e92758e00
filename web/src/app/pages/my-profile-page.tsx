import { texts } from '@tools-factory/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useIsAdmin } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { isAddInformationRequest } from '../../features/profiles/add-information-request';
import { MyProfile } from '../../features/profiles/components/my-profile';
import { StaffNotificationsToggle } from '../../features/identity/components/staff-notifications-toggle';

/**
 * /dashborad/myprofile: the signed-in user's profile (identity gives the name and e-mail,
 * profiles the details and their modals).
 */
export default function MyProfilePage() {
  const { user } = useAuth();
  const { state } = useLocation();
  const navigate = useNavigate();
  const startAdding = isAddInformationRequest(state);
  const isAdmin = useIsAdmin(user?.email) === true;

  // Asked once: a reload of this page shows the details, not the modal again.
  useEffect(() => {
    if (startAdding) void navigate('.', { replace: true, state: null });
  }, [startAdding, navigate]);

  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.myProfile}</h2>
      <div className="max-w-3xl">
        {user ? (
          <MyProfile
            key={user.email}
            account={{ name: user.name, email: user.email }}
            startAdding={startAdding}
          />
        ) : null}
        {/* An admin's own staff e-mails, on or off (issue 25). */}
        {isAdmin ? <StaffNotificationsToggle /> : null}
      </div>
    </section>
  );
}
