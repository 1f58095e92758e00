import { texts, type User } from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { RemoveDialog } from '../../../components/ui/remove-dialog';

interface UserQuestion {
  title: string;
  confirmLabel: string;
  /** What the answer means, under the user's name and e-mail. */
  warning: string;
  /** The answer's colour: red unless told. */
  confirmClassName?: string;
}

/** The questions All Users asks before acting on a user: each one's title, answer and warning. */
const userQuestions = {
  // An admin can do everything in the shop, so Make Admin asks; it is not a loss: not red.
  makeAdmin: {
    title: texts.admin.confirmMakeAdminTitle,
    confirmLabel: texts.admin.makeAdminConfirm,
    warning: texts.admin.confirmMakeAdminBody,
    confirmClassName: 'btn-primary',
  },
  // They keep their account, not the right to manage the shop.
  removeAdmin: {
    title: texts.admin.confirmRemoveAdminTitle,
    confirmLabel: texts.admin.removeAdminConfirm,
    warning: texts.admin.confirmRemoveAdminBody,
  },
  // An account cannot be brought back.
  removeUser: {
    title: texts.admin.confirmRemoveUserTitle,
    confirmLabel: texts.admin.removeUserConfirm,
    warning: texts.admin.confirmRemoveUserBody,
  },
} satisfies Record<string, UserQuestion>;

interface UserQuestionDialogProps {
  /** The user asked about; null: the dialog is closed. */
  user: User | null;
  busy: boolean;
  onConfirm: (user: User) => void;
  onCancel: () => void;
}

/**
 * A question about a user, with their name and e-mail, then what the answer means, then what
 * else the answer needs (`more`).
 */
function UserQuestionDialog({
  question: { warning, ...asked },
  user,
  more,
  ...actions
}: UserQuestionDialogProps & { question: UserQuestion; more?: ReactNode }) {
  return (
    <RemoveDialog item={user} cancelLabel={texts.admin.cancel} {...asked} {...actions}>
      {(shownUser) => (
        <>
          <p className="text-lg font-semibold">{shownUser.name}</p>
          <p className="text-sm break-all">{shownUser.email}</p>
          <p className="text-base-content/70 mt-2 text-sm">{warning}</p>
          {more}
        </>
      )}
    </RemoveDialog>
  );
}

/** "Make this user an admin?" */
export function MakeAdminDialog(props: UserQuestionDialogProps) {
  return <UserQuestionDialog question={userQuestions.makeAdmin} {...props} />;
}

/** "Remove this admin?" */
export function RemoveAdminDialog(props: UserQuestionDialogProps) {
  return <UserQuestionDialog question={userQuestions.removeAdmin} {...props} />;
}

/**
 * "Remove this user?"; `more` is what else the removal asks (who takes over a company: see
 * RemoveUserDialog).
 */
export function RemoveUserQuestion(props: UserQuestionDialogProps & { more?: ReactNode }) {
  return <UserQuestionDialog question={userQuestions.removeUser} {...props} />;
}
