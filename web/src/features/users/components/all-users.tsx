import { texts, USERS_PAGE_SIZE, type User } from '@tools-factory/contract';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useUsersPage } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useRemoveUser, type UserRemoval } from '../api/remove-user';
import { RemoveUserDialog } from './remove-user-dialog';
import { MakeAdminDialog, RemoveAdminDialog } from './user-question-dialogs';
import { UsersList } from './users-list';

interface AllUsersProps {
  /** The signed-in admin's e-mail: their own row offers no Remove User. */
  currentEmail: string;
}

/**
 * ALL USERS (SPEC.md sections 2 and 4): the count in the title, the list, Make Admin ('Successfully
 * made an admin' when modifiedCount is above 0, 'Failed to Make an admin' on 403), Remove Admin
 * and Remove User, each behind a confirmation. The ADMIN_EMAILS owners offer neither Remove
 * (the server refuses it too). Every answer refreshes the list. Issue 43: a page of accounts at a
 * time (GET /users/search), searched by name or e-mail. Issue 44: each account's company, and
 * Remove User of a company's only admin asks who takes over.
 */
export function AllUsers({ currentEmail }: AllUsersProps) {
  const pages = useKeysetPages({ q: '' });
  const [typed, setTyped] = useState('');
  const users = useUsersPage({ q: pages.filters.q, after: pages.after });
  const searching = pages.filters.q.trim() !== '';
  const makeAdmin = useMakeAdmin();
  const [userToPromote, setUserToPromote] = useState<User | null>(null);
  // A refusal is said in the server's own words: 'You cannot remove your own account ...'
  // (409), 'No user with this e-mail' (404), a company left without an admin (409) ...
  const removal = useConfirmedRemoval({
    mutation: useRemoveUser(),
    keyOf: (user: User & Pick<UserRemoval, 'successor'>): UserRemoval => ({
      email: user.email,
      successor: user.successor,
    }),
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
        {users.data && !searching
          ? texts.admin.allUsersTitle(users.data.total)
          : texts.dashboard.allUsers}
      </h2>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          pages.search({ q: typed });
        }}
      >
        <label className="flex grow flex-col gap-1 text-sm sm:max-w-xs">
          {texts.admin.searchUsers}
          <input
            type="search"
            className="input input-sm w-full"
            placeholder={texts.admin.searchUsersPlaceholder}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-outline max-sm:flex-1">
          {texts.admin.searchUsers}
        </button>
      </form>
      {/* A list already shown stays when a later refresh fails: it is still the best known. */}
      <QueryBoundary query={users} keepDataOnError>
        {({ users: list, total, next }) =>
          list.length === 0 ? (
            <EmptyState message={texts.admin.noUserMatches} />
          ) : (
            <>
              {searching ? (
                <p className="text-base-content/70 mb-4 text-sm" aria-live="polite">
                  {texts.admin.usersFound(total)}
                </p>
              ) : null}
              <UsersList
                users={list}
                firstNumber={(pages.page - 1) * USERS_PAGE_SIZE + 1}
                currentEmail={currentEmail}
                promotingEmail={makeAdmin.isPending ? (makeAdmin.variables ?? null) : null}
                onMakeAdmin={setUserToPromote}
                onRemoveAdmin={demotion.ask}
                onRemove={removal.ask}
              />
              <Pager
                page={pages.page}
                pages={Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))}
                hasNext={next !== null}
                onNext={() => next !== null && pages.next(next)}
                onPrevious={pages.previous}
              />
            </>
          )
        }
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
        onConfirm={(user, successor) => removal.confirm({ ...user, successor })}
        onCancel={removal.cancel}
      />
    </>
  );
}
