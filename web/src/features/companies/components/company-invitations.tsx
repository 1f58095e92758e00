import { texts, type CompanyInvitation } from '@tools-factory/contract';
import { useId } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { ActionNotice, failed, succeeded, type Notice } from './action-notice';

const words = texts.company;
const CARDS_BELOW = 'xl';
const valueCell = labelledCell(CARDS_BELOW);

interface CompanyInvitationsProps {
  invitations: CompanyInvitation[];
  notice: Notice | null;
  onNotice: (notice: Notice) => void;
}

/**
 * Invitations waiting (its admins): to whom, as what, sent by whom, until when; Revoke stops a
 * link at once. Their links are never shown again: they were e-mailed.
 */
export function CompanyInvitations({ invitations, notice, onNotice }: CompanyInvitationsProps) {
  const headingId = useId();
  const idPrefix = useId();
  const revokeInvitation = useRevokeInvitation();
  const revokingId = revokeInvitation.isPending ? revokeInvitation.variables : null;

  function revoke(invitation: CompanyInvitation) {
    revokeInvitation.mutate(invitation._id, {
      onSuccess: () => onNotice(succeeded('invitations', words.revoked(invitation.email))),
      onError: (error) => onNotice(failed('invitations', errorMessage(error))),
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-xl font-bold">
        {words.invitations}
      </h3>
      <ActionNotice notice={notice} place="invitations" />
      {invitations.length === 0 ? (
        <p className="text-base-content/70">{words.noInvitations}</p>
      ) : (
        <DataTable
          cardsBelow={CARDS_BELOW}
          columns={[
            { label: words.email },
            { label: words.role },
            { label: words.invitedBy },
            { label: words.expires },
            { label: words.actions },
          ]}
        >
          {invitations.map((invitation) => {
            const emailId = `${idPrefix}-${invitation._id}`;
            return (
              <tr key={invitation._id} className={cardRow(CARDS_BELOW)}>
                <th scope="row" className="align-top font-normal md:max-xl:col-span-2">
                  <span id={emailId} className="font-semibold wrap-break-word">
                    <EmailAddress email={invitation.email} />
                  </span>
                </th>
                <td className={`${valueCell} align-top`}>
                  <CardLabel below={CARDS_BELOW}>{words.role}</CardLabel>
                  <span className="whitespace-nowrap">{words.roles[invitation.role]}</span>
                </td>
                <td className={`${valueCell} align-top`}>
                  <CardLabel below={CARDS_BELOW}>{words.invitedBy}</CardLabel>
                  <span className="text-right wrap-break-word xl:text-left">
                    {invitation.invitedBy ?? words.formerMember}
                  </span>
                </td>
                <td className={`${valueCell} align-top`}>
                  <CardLabel below={CARDS_BELOW}>{words.expires}</CardLabel>
                  <time dateTime={invitation.expiresAt} className="xl:whitespace-nowrap">
                    {formatDateTime(invitation.expiresAt)}
                  </time>
                </td>
                <td className="align-top max-xl:pt-2! md:max-xl:col-span-2">
                  <BusyButton
                    busy={revokingId === invitation._id}
                    disabled={revokingId !== null}
                    className="btn-sm btn-error btn-outline max-sm:w-full"
                    aria-describedby={emailId}
                    onClick={() => revoke(invitation)}
                  >
                    {words.revoke}
                  </BusyButton>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
