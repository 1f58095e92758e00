import {
  COMPANY_ROLES,
  InviteMemberSchema,
  texts,
  type InviteMemberInput,
} from '@tools-factory/contract';
import { useEffect, useId, useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { LabelledField } from '../../../components/ui/labelled-field';
import { TextField } from '../../../components/ui/text-field';
import { useSendingForm } from '../../../lib/use-sending-form';
import { useInviteMember } from '../api/invite-member';
import { ActionNotice, succeeded, type Notice } from './action-notice';

const words = texts.company;

const EMPTY: InviteMemberInput = { email: '', role: 'buyer' };

interface InviteFieldsProps {
  labelledBy: string;
  /** After an invitation went: the e-mail field takes the focus, for the next one. */
  focusFirst: boolean;
  onSent: (email: string) => void;
}

/** The invitation's address and role, checked by the server's rules first, then Send invitation. */
function InviteFields({ labelledBy, focusFirst, onSent }: InviteFieldsProps) {
  const inviteMember = useInviteMember();
  const { form, serverError, onSubmit } = useSendingForm(
    InviteMemberSchema,
    EMPTY,
    async (invitation) => {
      await inviteMember.mutateAsync(invitation);
      onSent(invitation.email);
    },
  );
  const { errors } = form.formState;

  useEffect(() => {
    if (focusFirst) form.setFocus('email');
  }, [focusFirst, form]);

  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <TextField
          label={words.inviteEmail}
          type="email"
          autoComplete="off"
          aria-required="true"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <LabelledField label={words.inviteRole} error={errors.role?.message}>
          {(control) => (
            <select {...control} {...form.register('role')} className="select w-full">
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {words.roles[role]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      </div>
      <FormError message={serverError} />
      <div className="flex sm:justify-end">
        <BusyButton
          type="submit"
          busy={inviteMember.isPending}
          className="btn-primary max-sm:w-full"
        >
          {inviteMember.isPending ? words.sending : words.send}
        </BusyButton>
      </div>
    </form>
  );
}

interface InviteMemberFormProps {
  notice: Notice | null;
  onNotice: (notice: Notice) => void;
}

/**
 * Invite a buyer (or an admin) by e-mail: the server e-mails the link and lists the invitation
 * as waiting; its refusal (a member's address, a full company, too many invitations) shows under
 * the form. Once one is on its way the form starts again, empty.
 */
export function InviteMemberForm({ notice, onNotice }: InviteMemberFormProps) {
  const headingId = useId();
  const [sentCount, setSentCount] = useState(0);
  return (
    <section
      aria-labelledby={headingId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id={headingId} className="card-title">
          {words.invite}
        </h3>
        <InviteFields
          key={sentCount}
          labelledBy={headingId}
          focusFirst={sentCount > 0}
          onSent={(email) => {
            setSentCount((count) => count + 1);
            onNotice(succeeded('invite', words.invited(email)));
          }}
        />
        <ActionNotice notice={notice} place="invite" />
      </div>
    </section>
  );
}
