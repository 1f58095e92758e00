import { texts, type Tool } from '@tools-factory/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface RemoveToolDialogProps {
  /** The tool to remove; null: the dialog is closed. */
  tool: Tool | null;
  busy: boolean;
  onConfirm: (tool: Tool) => void;
  onCancel: () => void;
}

/** "Remove this tool?" with the tool's name and image, Delete and cancel (SPEC.md section 2). */
export function RemoveToolDialog({ tool, busy, onConfirm, onCancel }: RemoveToolDialogProps) {
  // The last tool asked about stays in the box while it fades out after closing.
  const [shownTool, setShownTool] = useState(tool);
  if (tool && tool !== shownTool) setShownTool(tool);
  return (
    <ConfirmDialog
      open={tool !== null}
      title={texts.manageTools.confirmRemoveTitle}
      confirmLabel={texts.orders.delete}
      cancelLabel={texts.orders.cancel}
      busy={busy}
      onConfirm={() => {
        if (tool) onConfirm(tool);
      }}
      onCancel={onCancel}
    >
      {shownTool ? (
        <div className="flex items-center gap-4">
          <img
            src={shownTool.img}
            alt={shownTool.name}
            width={80}
            height={80}
            className="bg-base-200 rounded-box size-20 shrink-0 object-contain p-2"
          />
          <div className="min-w-0">
            <p className="text-lg font-semibold break-words">{shownTool.name}</p>
            <p className="text-base-content/70 mt-1 text-sm">
              {texts.manageTools.confirmRemoveBody}
            </p>
          </div>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
