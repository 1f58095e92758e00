import { texts, type Profile } from '@tools-factory/contract';
import { useState } from 'react';
import { FaPen, FaPlus } from 'react-icons/fa';
import { FormDialog } from '../../../components/ui/form-dialog';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { toast } from '../../../lib/toast';
import { useAddProfile } from '../api/add-profile';
import { useProfiles } from '../api/get-profiles';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileDetails } from './profile-details';
import { ProfileForm, type ProfileFormValues } from './profile-form';

interface MyProfileProps {
  /** The signed-in account: its e-mail names the profile, its name and e-mail show with it. */
  account: { name: string; email: string };
  /** /myProfileInfo: open the add-information modal as soon as the page knows there is none yet. */
  startAdding?: boolean;
}

/** The four fields a person typed, from their profile (the name and e-mail are the account's). */
function formValuesOf({ education, city, phone, linkdin }: Profile): ProfileFormValues {
  return { education, city, phone, linkdin };
}

/**
 * My Profile (SPEC.md section 2): the profile details, or an invitation to add them; 'add
 * information' and 'Edit Information' open their modals. A refusal (409: added already) is told
 * inside the modal, where the user is looking.
 */
export function MyProfile({ account, startAdding = false }: MyProfileProps) {
  const profiles = useProfiles(account.email);
  const addProfile = useAddProfile();
  const updateProfile = useUpdateProfile();
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const [addRequested, setAddRequested] = useState(startAdding);

  // Asked for by /myProfileInfo: decided once the details are in, so someone who has added
  // their information already sees it (and Edit Information) instead of a form bound to fail.
  if (addRequested && profiles.isSuccess) {
    setAddRequested(false);
    if (profiles.data.length === 0) setDialog('add');
  }

  const closeDialog = () => setDialog(null);

  async function add(values: ProfileFormValues) {
    await addProfile.mutateAsync(values);
    toast.success(texts.profile.addSuccess);
    closeDialog();
  }

  async function update(values: ProfileFormValues) {
    await updateProfile.mutateAsync({ email: account.email, profile: values });
    toast.success(texts.profile.updateSuccess);
    closeDialog();
  }

  return (
    <QueryBoundary query={profiles}>
      {(list) => {
        const current = list[0];
        return (
          <div className="flex flex-col gap-6">
            {list.length > 0 ? (
              <ul className="flex flex-col gap-4">
                {list.map((profile) => (
                  <li
                    key={profile.email}
                    className="card bg-base-100 border-base-300 border shadow-sm"
                  >
                    <div className="card-body p-4 sm:p-6">
                      <ProfileDetails account={account} profile={profile} />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="card bg-base-100 border-base-300 border shadow-sm">
                <div className="card-body gap-4 p-4 sm:p-6">
                  <ProfileDetails account={account} />
                  <p className="text-base-content/80 text-base">{texts.profile.notAddedYet}</p>
                </div>
              </div>
            )}

            <div>
              <button
                type="button"
                className="btn btn-primary w-full sm:w-auto"
                onClick={() => setDialog(current ? 'edit' : 'add')}
              >
                {current ? <FaPen aria-hidden="true" /> : <FaPlus aria-hidden="true" />}
                {current ? texts.profile.editInformation : texts.profile.addInformation}
              </button>
            </div>

            <FormDialog
              open={dialog === 'add'}
              title={texts.profile.addInformation}
              description={texts.profile.fromAccount}
              closeLabel={texts.profile.close}
              busy={addProfile.isPending}
              onClose={closeDialog}
            >
              <ProfileForm onSave={add} onCancel={closeDialog} busy={addProfile.isPending} />
            </FormDialog>
            <FormDialog
              open={dialog === 'edit' && current !== undefined}
              title={texts.profile.editInformation}
              description={texts.profile.fromAccount}
              closeLabel={texts.profile.close}
              busy={updateProfile.isPending}
              onClose={closeDialog}
            >
              {current ? (
                <ProfileForm
                  initialValues={formValuesOf(current)}
                  onSave={update}
                  onCancel={closeDialog}
                  busy={updateProfile.isPending}
                />
              ) : null}
            </FormDialog>
          </div>
        );
      }}
    </QueryBoundary>
  );
}
