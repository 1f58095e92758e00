import { routes, texts, type User } from '@tools-factory/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { DataTable } from '../../../components/ui/data-table';
import { RowButton } from '../../../components/ui/row-actions';

interface UsersListProps {
  users: User[];
  /** The number of the first row (a later page's rows go on from the page before's). */
  firstNumber?: number;
  /** The signed-in admin: their own row has no Remove User (the server refuses it too). */
  currentEmail: string;
  /** The e-mail whose Make Admin is on its way; null when none is. */
  promotingEmail: string | null;
  onMakeAdmin: (user: User) => void;
  onRemoveAdmin: (user: User) => void;
  onRemove: (user: User) => void;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Role: an admin's badge, with Remove Admin unless it is the caller's own row or an ADMIN_EMAILS
 * owner's (marked so); or Make Admin (SPEC.md section 2: hidden for admins).
 */
function RoleCell({
  user,
  nameId,
  currentEmail,
  promotingEmail,
  onMakeAdmin,
  onRemoveAdmin,
}: { user: User; nameId: string } & Pick<
  UsersListProps,
  'currentEmail' | 'promotingEmail' | 'onMakeAdmin' | 'onRemoveAdmin'
>) {
  if (user.role === 'admin') {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span className="badge badge-neutral badge-sm">{texts.admin.adminBadge}</span>
        {user.owner ? (
          <span className="badge badge-outline badge-sm">{texts.admin.ownerBadge}</span>
        ) : sameEmail(user.email, currentEmail) ? null : (
          <RowButton
            className="btn-warning btn-outline"
            rowNameId={nameId}
            onClick={() => onRemoveAdmin(user)}
          >
            {texts.admin.removeAdmin}
          </RowButton>
        )}
      </span>
    );
  }
  const busy = promotingEmail === user.email;
  return (
    <BusyButton
      busy={busy}
      // One promotion at a time: each answer gets its own toast, in the order clicked.
      disabled={promotingEmail !== null}
      className="btn-primary btn-sm"
      aria-describedby={nameId}
      onClick={() => onMakeAdmin(user)}
    >
      {texts.admin.makeAdmin}
    </BusyButton>
  );
}

/**
 * The company account the user belongs to (issue 44), a link to its page, and their role in it;
 * nothing for an account of none.
 */
function CompanyCell({ user }: { user: User }) {
  if (!user.company) return null;
  return (
    <span className="flex flex-col">
      <Link
        to={routes.dashboardManagedCompany(user.company._id)}
        className="link font-medium wrap-break-word"
      >
        {user.company.legalName}
      </Link>
      <span className="text-base-content/70 text-xs">
        {texts.company.roles[user.company.role] ?? user.company.role}
      </span>
    </span>
  );
}

/**
 * Remove User, except on one's own row, which says whose it is instead, and on an owner's, which
 * no other admin may remove.
 */
function ActionCell({
  user,
  nameId,
  currentEmail,
  onRemove,
}: { user: User; nameId: string } & Pick<UsersListProps, 'currentEmail' | 'onRemove'>) {
  if (sameEmail(user.email, currentEmail)) {
    return <span className="badge badge-ghost badge-sm">{texts.admin.you}</span>;
  }
  if (user.owner) return null;
  return (
    <RowButton className="btn-error btn-outline" rowNameId={nameId} onClick={() => onRemove(user)}>
      {texts.admin.removeUser}
    </RowButton>
  );
}

/**
 * ALL USERS: name, e-mail, role, company (issue 44) and action. A table from md up; below it, one
 * card per user, since six columns do not fit 360 px without hiding the buttons off to the side.
 * Both are in the page and CSS shows one, so nothing shifts when a phone is turned.
 */
export function UsersList(props: UsersListProps) {
  const { users, firstNumber = 1 } = props;
  const idPrefix = useId();
  const { userColumns } = texts.admin;
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden">
        {users.map((user) => {
          const nameId = `${idPrefix}-card-${user._id}`;
          return (
            <li
              key={user._id}
              className="card card-sm bg-base-100 border-base-300 border shadow-sm"
            >
              <div className="card-body gap-1">
                <p id={nameId} className="text-base font-semibold">
                  {user.name}
                </p>
                <p className="text-base-content/80 text-sm break-all">{user.email}</p>
                {user.company ? (
                  <div className="text-sm">
                    <CompanyCell user={user} />
                  </div>
                ) : null}
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <RoleCell user={user} nameId={nameId} {...props} />
                  <ActionCell user={user} nameId={nameId} {...props} />
                </div>
              </div>
            </li>
          );
        })}
      </ul>

      <DataTable
        className="hidden md:block"
        columns={[
          { label: userColumns.number },
          { label: userColumns.name },
          { label: userColumns.email },
          { label: userColumns.role },
          { label: userColumns.company },
          { label: userColumns.action },
        ]}
      >
        {users.map((user, index) => {
          const nameId = `${idPrefix}-row-${user._id}`;
          return (
            <tr key={user._id}>
              <th scope="row">{firstNumber + index}</th>
              <td id={nameId} className="font-semibold">
                {user.name}
              </td>
              <td className="break-all">{user.email}</td>
              <td>
                <RoleCell user={user} nameId={nameId} {...props} />
              </td>
              <td className="min-w-32">
                <CompanyCell user={user} />
              </td>
              <td>
                <ActionCell user={user} nameId={nameId} {...props} />
              </td>
            </tr>
          );
        })}
      </DataTable>
    </>
  );
}
