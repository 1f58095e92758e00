import {
  manageToolsTexts,
  STOCK_REASONS,
  StockAdjustmentSchema,
  texts,
  type StockAdjustment,
  type StockReason,
  type Tool,
} from '@tools-factory/contract';
import { useId, useState } from 'react';
import { DialogForm } from '../../../components/ui/dialog-form';
import { ErrorState } from '../../../components/ui/error-state';
import { FormDialog } from '../../../components/ui/form-dialog';
import { LabelledField } from '../../../components/ui/labelled-field';
import { TextField } from '../../../components/ui/text-field';
import { formatCount, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdjustStock, useStockMovements } from '../api/stock-movements';
import { useCheckedSave } from '../hooks/use-checked-save';

const words = manageToolsTexts.stock;

type Direction = 'add' | 'remove';
type StockProblem = Partial<Record<'units' | 'note', string>>;

/** The form as filled, read by the contract's schema (the server's): what to send, or its problems. */
function readAdjustment(
  direction: Direction,
  units: string,
  reason: StockReason,
  note: string,
): { adjustment: StockAdjustment } | { problem: StockProblem } {
  const typed = units.trim();
  if (typed === '') return { problem: { units: texts.fieldErrors.required('units') } };
  if (!/^[0-9]+$/.test(typed)) return { problem: { units: texts.fieldErrors.notWhole('units') } };
  const parsed = StockAdjustmentSchema.safeParse({
    delta: direction === 'add' ? Number(typed) : -Number(typed),
    reason,
    note,
  });
  if (parsed.success) return { adjustment: parsed.data };
  const problem: StockProblem = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'note' ? 'note' : 'units';
    problem[field] ??= issue.message;
  }
  return { problem };
}

/** '+25' and '−15': the sign said, with the digits grouped. */
function signed(delta: number): string {
  return delta > 0 ? `+${formatCount(delta)}` : `−${formatCount(-delta)}`;
}

/** The tool's movements by hand, newest first. */
function Movements({ toolId }: { toolId: string }) {
  const movements = useStockMovements(toolId);
  const headingId = useId();
  const { columns } = words;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {words.history}
      </h3>
      {movements.isError ? (
        <ErrorState message={movements.error.message} onRetry={() => void movements.refetch()} />
      ) : !movements.data ? (
        <span className="loading loading-spinner loading-sm" aria-label={words.history} />
      ) : movements.data.length === 0 ? (
        <p className="text-base-content/70 text-sm italic">{words.none}</p>
      ) : (
        <ul className="divide-base-300 border-base-300 rounded-box max-h-64 divide-y overflow-y-auto border text-sm">
          {movements.data.map((movement) => (
            <li key={movement._id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 p-2">
              <span className="font-semibold">
                {signed(movement.delta)} · {words.reasons[movement.reason]}
              </span>
              <span className="text-base-content/70 text-right text-xs">
                {columns.after}{' '}
                <span className="text-base-content text-sm font-semibold">
                  {formatCount(movement.stockAfter)}
                </span>
              </span>
              <span className="text-base-content/70 col-span-2 text-xs break-words">
                <time dateTime={movement.createdAt}>{formatDateTime(movement.createdAt)}</time>
                {' · '}
                {movement.by ?? words.nobody}
                {movement.note ? ` · ${movement.note}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface StockFormProps {
  tool: Tool;
  adjust: ReturnType<typeof useAdjustStock>;
  onDone: () => void;
}

/** Add or remove, how many, why and a note; a removal beyond the stock is the server's 400. */
function StockForm({ tool, adjust, onDone }: StockFormProps) {
  const [direction, setDirection] = useState<Direction>('add');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState<StockReason>('received');
  const [note, setNote] = useState('');
  const [inStock, setInStock] = useState(tool.availableQuantity);
  const { problem, sending } = useCheckedSave<StockProblem>(adjust.isPending, () => {
    const read = readAdjustment(direction, units, reason, note);
    if ('problem' in read) return { problem: read.problem };
    return {
      save: async () => {
        const adjusted = await adjust.mutateAsync({ id: tool._id, ...read.adjustment });
        const after = adjusted.stock.availableQuantity;
        setInStock(after);
        setUnits('');
        setNote('');
        toast.success(words.saved(tool.name, formatCount(after)));
      },
    };
  });

  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold">{words.inStock(formatCount(inStock))}</p>
      <DialogForm
        sending={sending}
        submitLabel={words.save}
        cancelLabel={words.close}
        busy={adjust.isPending}
        onCancel={onDone}
      >
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2" disabled={adjust.isPending}>
          <legend className="mb-1 text-sm font-semibold">{words.direction}</legend>
          {(['add', 'remove'] as const).map((each) => (
            <label key={each} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="direction"
                className="radio radio-sm"
                checked={direction === each}
                onChange={() => {
                  setDirection(each);
                  setReason(each === 'add' ? 'received' : 'damaged');
                }}
              />
              {each === 'add' ? words.add : words.remove}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={words.units}
            inputMode="numeric"
            autoComplete="off"
            aria-required="true"
            value={units}
            error={problem?.units}
            disabled={adjust.isPending}
            onChange={(event) => setUnits(event.target.value)}
          />
          <LabelledField label={words.reason}>
            {(control) => (
              <select
                {...control}
                className="select w-full"
                value={reason}
                disabled={adjust.isPending}
                onChange={(event) => setReason(event.target.value as StockReason)}
              >
                {STOCK_REASONS.map((each) => (
                  <option key={each} value={each}>
                    {words.reasons[each]}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
        </div>
        <TextField
          label={words.note}
          autoComplete="off"
          maxLength={200}
          value={note}
          error={problem?.note}
          disabled={adjust.isPending}
          onChange={(event) => setNote(event.target.value)}
        />
      </DialogForm>
      <Movements toolId={tool._id} />
    </div>
  );
}

interface StockDialogProps {
  /** The tool whose stock is moved; null: the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** Manage Tools' 'Stock': units in or out with a reason, and the tool's movements (issue 25). */
export function StockDialog({ tool, onClose }: StockDialogProps) {
  const adjust = useAdjustStock();
  return (
    <FormDialog
      open={tool !== null}
      title={tool ? words.title(tool.name) : words.button}
      closeLabel={words.close}
      busy={adjust.isPending}
      onClose={onClose}
    >
      {tool ? <StockForm key={tool._id} tool={tool} adjust={adjust} onDone={onClose} /> : null}
    </FormDialog>
  );
}
