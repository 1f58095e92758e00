import { formatMoney, texts, type Tool } from '@tools-factory/contract';
import { useState } from 'react';
import { DialogForm } from '../../../components/ui/dialog-form';
import { FigureList } from '../../../components/ui/figure-list';
import { FormDialog } from '../../../components/ui/form-dialog';
import { toast } from '../../../lib/toast';
import { useUpdatePriceBreaks } from '../api/update-price-breaks';
import { useCheckedSave } from '../hooks/use-checked-save';
import { PriceBreaksFields, priceBreakRow, readPriceBreaks } from './price-breaks-fields';

interface PriceBreaksFormProps {
  tool: Tool;
  update: ReturnType<typeof useUpdatePriceBreaks>;
  onDone: () => void;
}

/**
 * The editor filled with the tool's breaks, its list price and minimum beside it (the rules are
 * checked against them), Save and cancel. A refusal (400, 404) shows under the editor.
 */
function PriceBreaksForm({ tool, update, onDone }: PriceBreaksFormProps) {
  const [rows, setRows] = useState(() => tool.priceBreaks.map((each) => priceBreakRow(each)));
  const { problem: errors, sending } = useCheckedSave(update.isPending, () => {
    const read = readPriceBreaks(rows, tool);
    if ('errors' in read) return { problem: read.errors };
    return {
      save: async () => {
        await update.mutateAsync({ id: tool._id, priceBreaks: read.breaks });
        toast.success(texts.priceBreaks.saved(tool.name));
        onDone();
      },
    };
  });

  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.priceBreaks.save}
      cancelLabel={texts.priceBreaks.cancel}
      busy={update.isPending}
      onCancel={onDone}
    >
      <FigureList
        className="text-sm"
        figures={[
          { term: texts.tool.price, value: formatMoney(tool.price) },
          { term: texts.tool.minOrderQuantity, value: tool.minOrderQuantity },
        ]}
      />
      <PriceBreaksFields
        rows={rows}
        onChange={setRows}
        errors={errors}
        disabled={update.isPending}
      />
    </DialogForm>
  );
}

interface EditPriceBreaksDialogProps {
  /** The tool whose breaks are edited; null: the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** Manage Tools' 'Price breaks': the tool's breaks in a modal, saved as a whole. */
export function EditPriceBreaksDialog({ tool, onClose }: EditPriceBreaksDialogProps) {
  // Here, not in the form: while it is being sent the dialog cannot be dismissed either.
  const update = useUpdatePriceBreaks();
  return (
    <FormDialog
      open={tool !== null}
      title={tool ? texts.priceBreaks.editTitle(tool.name) : texts.priceBreaks.edit}
      closeLabel={texts.priceBreaks.close}
      busy={update.isPending}
      onClose={onClose}
    >
      {tool ? <PriceBreaksForm tool={tool} update={update} onDone={onClose} /> : null}
    </FormDialog>
  );
}
