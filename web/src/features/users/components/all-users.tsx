import { texts, type User } from '@tools-factory/contract';
import { useState } from 'react';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useRemoveUser } from '../api/remove-user';
import { MakeAdminDialog, RemoveAdminDialog, RemoveUserDialog } from './user-question-dialogs';
import { UsersList } from './users-list';

interface AllUsersProps {
  /** The signed-in admin's e-mail: their own row offers no Remove User. */
  currentEmail: string;
}

/**
 * ALL USERS (SPEC.md sections 2 and 4): the count in the title, the list, Make Admin ('Successfully
 * made an admin' when modifiedCount is above 0, 'Failed to Make an admin' on 403), Remove Admin
 * and Remove User, each behind a confirmation. The ADMIN_EMAILS owners offer neither Remove
 * (the server refuses it too). Every answer refreshes the list.
 */
export function AllUsers({ currentEmail }: AllUsersProps) {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const [userToPromote, setUserToPromote] = useState<User | null>(null);
  // A refusal is said in the server's own words: 'You cannot remove your own account ...'
  // (409), 'No user with this e-mail' (404) ...
  const removal = useConfirmedRemoval({
    mutation: useRemoveUser(),
    keyOf: (user: User) => user.email,
    removedText: texts.admin.removeUserSuccess,
  });
  // 'You cannot remove your own admin role ...' (409), the owners' refusal (403) ...
  const demotion = useConfirmedAction({
    mutation: useRemoveAdmin(),
    variablesOf: (user: User) => user.email,
    onDone: ({ modifiedCount }) => {
      if (modifiedCount > 0) toast.success(texts.admin.removeAdminSuccess);
    },
  });

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
      // The spec's toasts say how it went: the question is answered either way.
      onSettled: () => setUserToPromote(null),
    });
  }

  return (
    <>
      <h2 className="mb-6 text-2xl font-bold">
        {users.data ? texts.admin.allUsersTitle(users.data.length) : texts.dashboard.allUsers}
      </h2>
      {/* A list already shown stays when a later refresh fails: it is still the best known. */}
      <QueryBoundary query={users} keepDataOnError>
        {(list) => (
          <UsersList
            users={list}
            currentEmail={currentEmail}
            promotingEmail={makeAdmin.isPending ? (makeAdmin.variables ?? null) : null}
            onMakeAdmin={setUserToPromote}
            onRemoveAdmin={demotion.ask}
            onRemove={removal.ask}
          />
        )}
      </QueryBoundary>
      <MakeAdminDialog
        user={userToPromote}
        busy={makeAdmin.isPending}
        onConfirm={promote}
        onCancel={() => setUserToPromote(null)}
      />
      <RemoveAdminDialog
        user={demotion.item}
        busy={demotion.busy}
        onConfirm={demotion.confirm}
        onCancel={demotion.cancel}
      />
      <RemoveUserDialog
        user={removal.itemToRemove}
        busy={removal.busy}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
    </>
  );
}
