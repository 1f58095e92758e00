import {
  ChangeMemberSchema,
  formatMoney,
  texts,
  type CompanyMember,
} from '@tools-factory/contract';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';

const words = texts.company;

/**
 * A member's monthly limit as the Members table says it: an admin approves rather than has one;
 * nothing where the caller may not see it (another member, to a buyer: the server answers no
 * spending for them).
 */
export function limitShown(member: CompanyMember): string | null {
  if (member.spentThisMonth === null) return null;
  if (member.role === 'admin') return words.adminNoLimit;
  return member.monthlyLimit === null ? words.noLimit : formatMoney(member.monthlyLimit);
}

/** The typed limit as the server's own rule reads it (the same words as its 400): empty is none. */
function readLimit(typed: string): { limit: number | null } | { error: string } {
  const trimmed = typed.trim();
  if (trimmed === '') return { limit: null };
  const parsed = ChangeMemberSchema.safeParse({ monthlyLimit: trimmed });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '' };
  return { limit: parsed.data.monthlyLimit ?? null };
}

interface MemberLimitFormProps {
  member: CompanyMember;
  /** The id of the row's name: Set limit is described by it. */
  nameId: string;
  busy: boolean;
  /** Another change of the company is on its way (one at a time). */
  disabled: boolean;
  /** Sends the checked limit (null: none); what the server says of it is the page's to tell. */
  onSet: (limit: number | null) => void;
}

/**
 * An admin's control of a buyer's monthly limit, in the buyer's row: the limit in dollars (it
 * starts from the one set; empty for none) and Set limit. What the server's rule refuses is said
 * under the field before anything is sent.
 */
export function MemberLimitForm({ member, nameId, busy, disabled, onSet }: MemberLimitFormProps) {
  const [typed, setTyped] = useState(
    member.monthlyLimit === null ? '' : String(member.monthlyLimit),
  );
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readLimit(typed);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(null);
    onSet(read.limit);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex gap-2">
        <input
          className={`input input-sm w-24 max-xl:grow ${error ? 'input-error' : ''}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={words.noLimit}
          aria-label={words.limitLabel(member.name || member.email)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <BusyButton
          type="submit"
          busy={busy}
          disabled={disabled}
          className="btn-sm btn-outline whitespace-nowrap"
          aria-describedby={nameId}
        >
          {words.setLimit}
        </BusyButton>
      </div>
      {error ? (
        <p id={errorId} className="text-error text-xs xl:max-w-48">
          {error}
        </p>
      ) : null}
    </form>
  );
}
