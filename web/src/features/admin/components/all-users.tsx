import { texts, type User } from '@tools-factory/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveUser } from '../api/remove-user';
import { RemoveUserDialog } from './remove-user-dialog';
import { UsersList } from './users-list';

interface AllUsersProps {
  /** The signed-in admin's e-mail: their own row offers no Remove User. */
  currentEmail: string;
}

/**
 * ALL USERS (SPEC.md sections 2 and 4): the count in the title, the list, Make Admin ('Successfully
 * made an admin' when modifiedCount is above 0, 'Failed to Make an admin' on 403) and Remove User
 * behind a confirmation. Every answer refreshes the list.
 */
export function AllUsers({ currentEmail }: AllUsersProps) {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const [userToRemove, setUserToRemove] = useState<User | null>(null);

  function promote(user: User) {
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) toast.success(texts.admin.makeAdminSuccess);
      },
      onError: (error) => {
        toast.error(
          isApiError(error) && error.status === 403
            ? texts.admin.makeAdminFailed
            : errorMessage(error),
        );
      },
    });
  }

  function remove(user: User) {
    removeUser.mutate(user.email, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(texts.admin.removeUserSuccess);
        setUserToRemove(null);
      },
      onError: (error) => {
        // The server's own words: 'You cannot remove your own account ...' (409), 'No user with
        // this e-mail' (404) ...
        toast.error(errorMessage(error));
        // Refused for good (4xx): nothing left to confirm. Otherwise the admin may try again
        // from the same dialog.
        if (isApiError(error) && error.status >= 400 && error.status < 500) setUserToRemove(null);
      },
    });
  }

  return (
    <>
      <h2 className="mb-6 text-2xl font-bold">
        {users.data ? texts.admin.allUsersTitle(users.data.length) : texts.dashboard.allUsers}
      </h2>
      {/* A list already shown stays when a later refresh fails: it is still the best known. */}
      {users.data ? (
        <UsersList
          users={users.data}
          currentEmail={currentEmail}
          promotingEmail={makeAdmin.isPending ? (makeAdmin.variables ?? null) : null}
          onMakeAdmin={promote}
          onRemove={setUserToRemove}
        />
      ) : users.isError ? (
        <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />
      ) : (
        <Spinner />
      )}
      <RemoveUserDialog
        user={userToRemove}
        busy={removeUser.isPending}
        onConfirm={remove}
        onCancel={() => setUserToRemove(null)}
      />
    </>
  );
}
