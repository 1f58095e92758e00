import { texts, type User } from '@tools-factory/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface RemoveUserDialogProps {
  /** The user to remove; null: the dialog is closed. */
  user: User | null;
  busy: boolean;
  onConfirm: (user: User) => void;
  onCancel: () => void;
}

/** "Remove this user?" with their name and e-mail: an account cannot be brought back. */
export function RemoveUserDialog({ user, busy, onConfirm, onCancel }: RemoveUserDialogProps) {
  // The last user asked about stays in the box while it fades out after closing.
  const [shownUser, setShownUser] = useState(user);
  if (user && user !== shownUser) setShownUser(user);
  return (
    <ConfirmDialog
      open={user !== null}
      title={texts.admin.confirmRemoveUserTitle}
      confirmLabel={texts.admin.removeUserConfirm}
      cancelLabel={texts.admin.cancel}
      busy={busy}
      onConfirm={() => {
        if (user) onConfirm(user);
      }}
      onCancel={onCancel}
    >
      {shownUser ? (
        <>
          <p className="text-lg font-semibold">{shownUser.name}</p>
          <p className="text-sm break-all">{shownUser.email}</p>
          <p className="text-base-content/70 mt-2 text-sm">{texts.admin.confirmRemoveUserBody}</p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
