import { formatMoney, texts, type CompanyMember, type CompanyRole } from '@tools-factory/contract';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { RowButton } from '../../../components/ui/row-actions';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useChangeMember } from '../api/change-member';
import { useRemoveMember } from '../api/remove-member';
import { ActionNotice, failed, succeeded, type Notice } from './action-notice';
import { limitShown, MemberLimitForm } from './member-limit';

const words = texts.company;
// Six columns, a limit's field and two buttons do not fit beside the dashboard's menu below
// 1280 px: cards there.
const CARDS_BELOW = 'xl';
const valueCell = labelledCell(CARDS_BELOW);

interface CompanyMembersProps {
  members: CompanyMember[];
  /** The signed-in account: its own row offers Leave company. */
  accountId: string;
  /**
   * A company admin: Make admin or Make buyer on every row, Remove on the others', and each
   * buyer's monthly limit.
   */
  isAdmin: boolean;
  notice: Notice | null;
  onNotice: (notice: Notice) => void;
}

const otherRole = (role: CompanyRole): CompanyRole => (role === 'admin' ? 'buyer' : 'admin');

/**
 * Members (admins first, as the server lists them): name and e-mail, role, when they joined, and
 * their monthly limit and spending this month (issue 44: every member's to an admin, a buyer's
 * own to them). An admin makes a member an admin or a buyer, sets a buyer's limit, and removes
 * one after a question; every member may leave, after a question, from their own row. The server
 * keeps an admin in the company and says so (409) in the members' alert.
 */
export function CompanyMembers({
  members,
  accountId,
  isAdmin,
  notice,
  onNotice,
}: CompanyMembersProps) {
  const headingId = useId();
  const idPrefix = useId();
  const changeMember = useChangeMember();
  const removeMember = useRemoveMember();
  const [memberToRemove, setMemberToRemove] = useState<CompanyMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const changingId = changeMember.isPending ? changeMember.variables.userId : null;
  const settingLimit = changeMember.isPending && changeMember.variables.monthlyLimit !== undefined;

  function switchRole(member: CompanyMember) {
    const role = otherRole(member.role);
    changeMember.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => onNotice(succeeded('members', words.roleChanged(member.name, role))),
        onError: (error) => onNotice(failed('members', errorMessage(error))),
      },
    );
  }

  function setLimit(member: CompanyMember, monthlyLimit: number | null) {
    const name = member.name || member.email;
    changeMember.mutate(
      { userId: member.userId, monthlyLimit },
      {
        onSuccess: () =>
          onNotice(
            succeeded(
              'members',
              words.limitSaved(name, monthlyLimit === null ? null : formatMoney(monthlyLimit)),
            ),
          ),
        onError: (error) => onNotice(failed('members', errorMessage(error))),
      },
    );
  }

  function remove(member: CompanyMember) {
    removeMember.mutate(member.userId, {
      onSuccess: () => onNotice(succeeded('members', words.removed(member.name))),
      onError: (error) => onNotice(failed('members', errorMessage(error))),
      // Answered either way: the list shows the company as it now stands.
      onSettled: () => setMemberToRemove(null),
    });
  }

  function leave() {
    removeMember.mutate(accountId, {
      // The answer is a view without a company: the page says so at its top.
      onSuccess: () => onNotice(succeeded('page', words.left)),
      onError: (error) => onNotice(failed('members', errorMessage(error))),
      onSettled: () => setLeaving(false),
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-xl font-bold">
        {words.members}
      </h3>
      {isAdmin ? <p className="text-base-content/70 text-sm">{words.limitHint}</p> : null}
      <ActionNotice notice={notice} place="members" />
      <DataTable
        cardsBelow={CARDS_BELOW}
        columns={[
          { label: words.member },
          { label: words.role },
          { label: words.joined },
          { label: words.monthlyLimit },
          { label: words.spentThisMonth, numeric: true, wrap: true },
          { label: words.actions },
        ]}
      >
        {members.map((member) => {
          const nameId = `${idPrefix}-${member.userId}`;
          const own = member.userId === accountId;
          const limit = limitShown(member);
          return (
            <tr key={member.userId} className={cardRow(CARDS_BELOW)}>
              <th scope="row" className="align-top font-normal md:max-xl:col-span-2">
                <span id={nameId} className="font-semibold wrap-break-word">
                  {member.name || member.email}
                </span>
                {own ? (
                  <span className="badge badge-ghost badge-sm ml-2 align-middle">{words.you}</span>
                ) : null}
                <span className="text-base-content/80 block text-sm wrap-break-word">
                  <EmailAddress email={member.email} />
                </span>
              </th>
              <td className={`${valueCell} align-top`}>
                <CardLabel below={CARDS_BELOW}>{words.role}</CardLabel>
                <span
                  className={`badge badge-sm whitespace-nowrap ${member.role === 'admin' ? 'badge-neutral' : 'badge-outline'}`}
                >
                  {words.roles[member.role]}
                </span>
              </td>
              <td className={`${valueCell} align-top`}>
                <CardLabel below={CARDS_BELOW}>{words.joined}</CardLabel>
                {/* Two lines beside the menu at 1280 px (the day, then the time): one is too wide. */}
                <time dateTime={member.joinedAt} className="xl:inline-block xl:min-w-28">
                  {formatDateTime(member.joinedAt)}
                </time>
              </td>
              {/* What the caller may not see of another member leaves their card without it. */}
              <td
                className={`align-top max-xl:flex max-xl:flex-col max-xl:gap-2 ${limit === null ? 'max-xl:hidden' : ''}`}
              >
                <span className={`${valueCell} xl:block xl:whitespace-nowrap`}>
                  <CardLabel below={CARDS_BELOW}>{words.monthlyLimit}</CardLabel>
                  <span>{limit}</span>
                </span>
                {isAdmin && member.role === 'buyer' ? (
                  <div className="xl:mt-2">
                    <MemberLimitForm
                      // Each answer's limit starts the field again.
                      key={member.monthlyLimit ?? 'none'}
                      member={member}
                      nameId={nameId}
                      busy={settingLimit && changingId === member.userId}
                      disabled={changingId !== null}
                      onSet={(monthlyLimit) => setLimit(member, monthlyLimit)}
                    />
                  </div>
                ) : null}
              </td>
              <td
                className={`${valueCell} align-top tabular-nums xl:text-right ${member.spentThisMonth === null ? 'max-xl:hidden' : ''}`}
              >
                <CardLabel below={CARDS_BELOW}>{words.spentThisMonth}</CardLabel>
                <span className="whitespace-nowrap">
                  {member.spentThisMonth === null ? null : formatMoney(member.spentThisMonth)}
                </span>
              </td>
              <td className="align-top max-xl:pt-2! md:max-xl:col-span-2">
                <div className="flex flex-wrap gap-2">
                  {isAdmin ? (
                    <BusyButton
                      busy={changingId === member.userId && !settingLimit}
                      // One change at a time: each answer is the whole list as it then stands.
                      disabled={changingId !== null}
                      className="btn-sm btn-outline max-sm:flex-1"
                      aria-describedby={nameId}
                      onClick={() => switchRole(member)}
                    >
                      {member.role === 'admin' ? words.makeBuyer : words.makeAdmin}
                    </BusyButton>
                  ) : null}
                  {own ? (
                    <RowButton
                      rowNameId={nameId}
                      className="btn-outline max-sm:flex-1"
                      onClick={() => setLeaving(true)}
                    >
                      {words.leave}
                    </RowButton>
                  ) : isAdmin ? (
                    <RowButton
                      rowNameId={nameId}
                      className="btn-error btn-outline max-sm:flex-1"
                      onClick={() => setMemberToRemove(member)}
                    >
                      {words.remove}
                    </RowButton>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <RemoveDialog
        item={memberToRemove}
        title={words.removeTitle}
        confirmLabel={words.remove}
        cancelLabel={words.cancel}
        busy={removeMember.isPending}
        onConfirm={remove}
        onCancel={() => setMemberToRemove(null)}
      >
        {(member) => (
          <>
            <p className="text-lg font-semibold">{member.name || member.email}</p>
            <p className="text-sm break-all">{member.email}</p>
            <p className="text-base-content/70 mt-2 text-sm">
              {words.removeConfirm(member.name || member.email)}
            </p>
          </>
        )}
      </RemoveDialog>
      <ConfirmDialog
        open={leaving}
        title={words.leave}
        confirmLabel={words.leave}
        confirmClassName="btn-warning"
        cancelLabel={words.cancel}
        busy={removeMember.isPending}
        onConfirm={leave}
        onCancel={() => setLeaving(false)}
      >
        <p>{words.leaveConfirm}</p>
      </ConfirmDialog>
    </section>
  );
}
