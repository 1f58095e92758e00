import { texts, type User } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';

interface RoleDialogProps {
  /** The user asked about; null: the dialog is closed. */
  user: User | null;
  busy: boolean;
  onConfirm: (user: User) => void;
  onCancel: () => void;
}

function WhoAndWhat({ user, body }: { user: User; body: string }) {
  return (
    <>
      <p className="text-lg font-semibold">{user.name}</p>
      <p className="text-sm break-all">{user.email}</p>
      <p className="text-base-content/70 mt-2 text-sm">{body}</p>
    </>
  );
}

/** "Make this user an admin?": an admin can do everything in the shop, so Make Admin asks. */
export function MakeAdminDialog({ user, ...actions }: RoleDialogProps) {
  return (
    <RemoveDialog
      item={user}
      title={texts.admin.confirmMakeAdminTitle}
      confirmLabel={texts.admin.makeAdminConfirm}
      cancelLabel={texts.admin.cancel}
      confirmClassName="btn-primary"
      {...actions}
    >
      {(shownUser) => <WhoAndWhat user={shownUser} body={texts.admin.confirmMakeAdminBody} />}
    </RemoveDialog>
  );
}

/** "Remove this admin?": they keep their account, not the right to manage the shop. */
export function RemoveAdminDialog({ user, ...actions }: RoleDialogProps) {
  return (
    <RemoveDialog
      item={user}
      title={texts.admin.confirmRemoveAdminTitle}
      confirmLabel={texts.admin.removeAdminConfirm}
      cancelLabel={texts.admin.cancel}
      {...actions}
    >
      {(shownUser) => <WhoAndWhat user={shownUser} body={texts.admin.confirmRemoveAdminBody} />}
    </RemoveDialog>
  );
}
