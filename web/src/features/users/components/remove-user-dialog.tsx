import { texts, type CompanyMember, type User } from '@tools-factory/contract';
import { useRef, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { LabelledField } from '../../../components/ui/labelled-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCompanyMembers } from '../api/get-company-members';
import { RemoveUserQuestion } from './user-question-dialogs';

const words = texts.admin.successor;

/**
 * Who may take over from `user` (issue 44): the company's other members when `user` is its only
 * admin; none otherwise (another admin stays, or no one else is left to need one).
 */
export function successorsOf(user: User, members: readonly CompanyMember[]): CompanyMember[] {
  const admins = members.filter((member) => member.role === 'admin');
  const onlyAdmin = admins.length === 1 && admins[0]?.userId === user._id;
  return onlyAdmin ? members.filter((member) => member.userId !== user._id) : [];
}

interface RemoveUserDialogProps {
  /** The account asked about; null: the dialog is closed. */
  user: User | null;
  busy: boolean;
  /** Removes it; `successor` is the member who takes over its company, when one must. */
  onConfirm: (user: User, successor: string | undefined) => void;
  onCancel: () => void;
}

/** The successor chosen in the dialog, for the account it was chosen for. */
interface Choice {
  userId: string | null;
  successor: string;
  missing: boolean;
}

/**
 * "Remove this user?" A company admin's removal reads its company's members first: when the
 * account is its only admin and others remain, the dialog asks who takes over (required), and
 * the removal names them. Any other refusal (the company changed meanwhile) is the server's, said
 * in its words as every other.
 */
export function RemoveUserDialog({ user, busy, onConfirm, onCancel }: RemoveUserDialogProps) {
  const company = user?.company?.role === 'admin' ? user.company : null;
  const members = useCompanyMembers(company?._id ?? null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const [choice, setChoice] = useState<Choice>({ userId: null, successor: '', missing: false });
  // Another account asked about: nothing chosen for it yet.
  if (user !== null && user._id !== choice.userId) {
    setChoice({ userId: user._id, successor: '', missing: false });
  }
  const successors = user && members.data ? successorsOf(user, members.data) : [];

  function confirm(target: User) {
    // Still reading who could take over: the dialog says so; the answer waits for it.
    if (company !== null && members.isPending) return;
    if (successors.length > 0 && choice.successor === '') {
      setChoice({ ...choice, missing: true });
      selectRef.current?.focus();
      return;
    }
    onConfirm(target, successors.length > 0 ? choice.successor : undefined);
  }

  function succession() {
    if (company === null) return null;
    if (members.isPending) return <Spinner label={words.loading} className="py-4" />;
    if (members.isError) {
      // The removal may still be asked for: the server says whether it needs a successor.
      return (
        <div className="mt-4">
          <ErrorState message={members.error.message} onRetry={() => void members.refetch()} />
        </div>
      );
    }
    if (successors.length === 0) return null;
    return (
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-sm font-semibold">{words.onlyAdmin(company.legalName)}</p>
        <LabelledField label={words.label} error={choice.missing ? words.required : undefined}>
          {(control) => (
            <select
              {...control}
              ref={selectRef}
              className="select w-full"
              required
              value={choice.successor}
              onChange={(event) =>
                setChoice({ ...choice, successor: event.target.value, missing: false })
              }
            >
              <option value="">{words.choose}</option>
              {successors.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {words.option(member.name || member.email, member.email)}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      </div>
    );
  }

  return (
    <RemoveUserQuestion
      user={user}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
      more={succession()}
    />
  );
}
