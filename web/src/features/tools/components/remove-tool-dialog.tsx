import { texts, type Tool } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { Thumbnail } from '../../../components/ui/thumbnail';

interface RemoveToolDialogProps {
  /** The tool to remove; null: the dialog is closed. */
  tool: Tool | null;
  busy: boolean;
  onConfirm: (tool: Tool) => void;
  onCancel: () => void;
}

/** "Remove this tool?" with the tool's name and image, Delete and cancel (SPEC.md section 2). */
export function RemoveToolDialog({ tool, ...actions }: RemoveToolDialogProps) {
  return (
    <RemoveDialog item={tool} title={texts.manageTools.confirmRemoveTitle} {...actions}>
      {(shownTool) => (
        <div className="flex items-center gap-4">
          <Thumbnail src={shownTool.img} alt={shownTool.name} size="xl" />
          <div className="min-w-0">
            <p className="text-lg font-semibold break-words">{shownTool.name}</p>
            <p className="text-base-content/70 mt-1 text-sm">
              {texts.manageTools.confirmRemoveBody}
            </p>
          </div>
        </div>
      )}
    </RemoveDialog>
  );
}
