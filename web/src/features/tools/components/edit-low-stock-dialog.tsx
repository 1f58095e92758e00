import {
  defaultLowStockThreshold,
  texts,
  UpdateLowStockThresholdSchema,
  type Tool,
  type ToolStock,
} from '@tools-factory/contract';
import { useState } from 'react';
import { DialogForm } from '../../../components/ui/dialog-form';
import { FigureList } from '../../../components/ui/figure-list';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { useUpdateLowStockThreshold } from '../api/update-low-stock-threshold';
import { useCheckedSave } from '../hooks/use-checked-save';

const words = texts.manageTools.lowStock;
const FIELD = 'low-stock threshold';

/** The tool whose threshold is edited, with its stock as GET /manageTools/stock told it. */
export type LowStockEdit = { tool: Tool; stock: ToolStock };

/**
 * What to send for the form as filled: null for the default, else the typed number checked by
 * the contract's schema, the very one the server checks it with (the same words on both sides).
 */
function readThreshold(
  typed: string,
  useDefault: boolean,
): { threshold: number | null } | { error: string } {
  if (useDefault) return { threshold: null };
  if (typed.trim() === '') return { error: texts.fieldErrors.required(FIELD) };
  const parsed = UpdateLowStockThresholdSchema.safeParse({ lowStockThreshold: typed });
  if (!parsed.success) {
    return { error: parsed.error.issues[0]?.message ?? texts.fieldErrors.notWhole(FIELD) };
  }
  return { threshold: parsed.data.lowStockThreshold };
}

interface LowStockFormProps extends LowStockEdit {
  update: ReturnType<typeof useUpdateLowStockThreshold>;
  onDone: () => void;
}

/**
 * The threshold as a whole number of units, or 'Use the default' (3 x the minimum, shown in the
 * field while it is ticked); Save and cancel. A refusal (400, 404) shows under the form.
 */
function LowStockForm({ tool, stock, update, onDone }: LowStockFormProps) {
  const fallback = defaultLowStockThreshold(tool.minOrderQuantity);
  const [useDefault, setUseDefault] = useState(!stock.custom);
  const [typed, setTyped] = useState(String(stock.lowStockThreshold));
  const {
    problem: fieldError,
    setProblem: setFieldError,
    sending,
  } = useCheckedSave(update.isPending, () => {
    const read = readThreshold(typed, useDefault);
    if ('error' in read) return { problem: read.error };
    return {
      save: async () => {
        await update.mutateAsync({ id: tool._id, lowStockThreshold: read.threshold });
        toast.success(words.saved(tool.name));
        onDone();
      },
    };
  });

  return (
    <DialogForm
      sending={sending}
      submitLabel={words.save}
      cancelLabel={words.cancel}
      busy={update.isPending}
      onCancel={onDone}
    >
      <FigureList
        className="text-sm"
        figures={[
          { term: texts.tool.minOrderQuantity, value: tool.minOrderQuantity },
          { term: texts.tool.availableQuantity, value: stock.availableQuantity },
        ]}
      />
      <TextField
        label={words.threshold}
        inputMode="numeric"
        autoComplete="off"
        value={useDefault ? String(fallback) : typed}
        disabled={useDefault || update.isPending}
        error={fieldError}
        onChange={(event) => setTyped(event.target.value)}
      />
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm mt-0.5"
          checked={useDefault}
          disabled={update.isPending}
          onChange={(event) => {
            setUseDefault(event.target.checked);
            setFieldError(undefined);
          }}
        />
        <span>{words.useDefault(fallback)}</span>
      </label>
    </DialogForm>
  );
}

interface EditLowStockDialogProps {
  /** The tool whose threshold is edited; null: the dialog is closed. */
  editing: LowStockEdit | null;
  onClose: () => void;
}

/** Manage Tools' 'Low stock': a tool's low-stock threshold in a modal. */
export function EditLowStockDialog({ editing, onClose }: EditLowStockDialogProps) {
  // Here, not in the form: while it is being sent the dialog cannot be dismissed either.
  const update = useUpdateLowStockThreshold();
  return (
    <FormDialog
      open={editing !== null}
      title={editing ? words.title(editing.tool.name) : words.edit}
      description={words.intro}
      closeLabel={texts.priceBreaks.close}
      busy={update.isPending}
      onClose={onClose}
    >
      {editing ? (
        <LowStockForm tool={editing.tool} stock={editing.stock} update={update} onDone={onClose} />
      ) : null}
    </FormDialog>
  );
}
