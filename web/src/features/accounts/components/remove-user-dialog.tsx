import { texts, type User } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';

interface RemoveUserDialogProps {
  /** The user to remove; null: the dialog is closed. */
  user: User | null;
  busy: boolean;
  onConfirm: (user: User) => void;
  onCancel: () => void;
}

/** "Remove this user?" with their name and e-mail: an account cannot be brought back. */
export function RemoveUserDialog({ user, ...actions }: RemoveUserDialogProps) {
  return (
    <RemoveDialog
      item={user}
      title={texts.admin.confirmRemoveUserTitle}
      confirmLabel={texts.admin.removeUserConfirm}
      cancelLabel={texts.admin.cancel}
      {...actions}
    >
      {(shownUser) => (
        <>
          <p className="text-lg font-semibold">{shownUser.name}</p>
          <p className="text-sm break-all">{shownUser.email}</p>
          <p className="text-base-content/70 mt-2 text-sm">{texts.admin.confirmRemoveUserBody}</p>
        </>
      )}
    </RemoveDialog>
  );
}
