import {
  countQuickOrderRows,
  MAX_CART_LINES,
  MAX_QUICK_ORDER_BYTES,
  QUICK_ORDER_TEMPLATE,
  texts,
} from '@tools-factory/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { LabelledField } from '../../../components/ui/labelled-field';
import { saveFile } from '../../../lib/save-file';
import { BAD_TEXT, GOOD_TEXT } from './verdict-colours';

const words = texts.quickOrder;

/** The most rows quick order reads at once: the lines a cart holds, and a header row. */
const MAX_QUICK_ORDER_ROWS = MAX_CART_LINES + 1;

/**
 * What the last file did: loaded (its name, said while the lines are still the file's), or why
 * it was not.
 */
type FileNote = { ok: true; message: string; text: string } | { ok: false; message: string } | null;

interface QuickOrderInputProps {
  text: string;
  onTextChange: (text: string) => void;
}

/**
 * Where the lines come from: a textarea to paste or type them, a CSV file read in the browser
 * (its text replaces the textarea's, to fix there; a file above MAX_QUICK_ORDER_BYTES is refused
 * before it is read), and the template to start from. Lines above MAX_QUICK_ORDER_ROWS, pasted
 * or from a file, are refused in words before any is parsed: the textarea keeps what it had.
 */
export function QuickOrderInput({ text, onTextChange }: QuickOrderInputProps) {
  const textId = useId();
  const fileId = useId();
  const [fileNote, setFileNote] = useState<FileNote>(null);
  /** The rows of the last text refused as too long, or null. */
  const [refusedRows, setRefusedRows] = useState<number | null>(null);
  // Lines changed since (edited, added to the cart): 'loaded below' would no longer be true.
  const note = fileNote && (!fileNote.ok || fileNote.text === text) ? fileNote : null;

  /** Takes the new lines unless there are more than quick order reads; whether it took them. */
  function offerText(next: string): boolean {
    const rows = countQuickOrderRows(next);
    if (rows > MAX_QUICK_ORDER_ROWS) {
      setRefusedRows(rows);
      return false;
    }
    setRefusedRows(null);
    onTextChange(next);
    return true;
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file chosen again (fixed meanwhile) is read again.
    input.value = '';
    if (!file) return;
    if (file.size > MAX_QUICK_ORDER_BYTES) {
      setFileNote({ ok: false, message: words.file.tooLarge(MAX_QUICK_ORDER_BYTES / 1024 / 1024) });
      return;
    }
    try {
      const loaded = await file.text();
      if (!offerText(loaded)) {
        setFileNote(null);
        return;
      }
      setFileNote({ ok: true, message: words.file.loaded(file.name), text: loaded });
    } catch {
      setFileNote({ ok: false, message: words.file.unreadable });
    }
  }

  function downloadTemplate() {
    saveFile(
      { blob: new Blob([QUICK_ORDER_TEMPLATE], { type: 'text/csv' }), fileName: null },
      words.templateFileName,
    );
  }

  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-4 max-sm:p-4">
        <p id={`${textId}-help`} className="text-base-content/80">
          {words.help}
        </p>
        <LabelledField
          label={words.pasteLabel}
          id={textId}
          error={refusedRows === null ? undefined : words.tooManyLines(MAX_CART_LINES, refusedRows)}
        >
          {(control) => (
            <textarea
              {...control}
              aria-describedby={[`${textId}-help`, control['aria-describedby']].join(' ').trim()}
              className="textarea w-full font-mono"
              rows={8}
              spellCheck={false}
              autoCapitalize="characters"
              placeholder={words.pastePlaceholder}
              value={text}
              onChange={(event) => offerText(event.target.value)}
            />
          )}
        </LabelledField>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <LabelledField label={words.fileLabel} id={fileId} className="min-w-0">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className="file-input w-full max-w-xs"
                aria-describedby={note ? `${fileId}-note` : undefined}
                onChange={(event) => void readFile(event)}
              />
            )}
          </LabelledField>
          <button type="button" className="btn btn-outline btn-sm" onClick={downloadTemplate}>
            {words.template}
          </button>
        </div>
        {note ? (
          <p
            id={`${fileId}-note`}
            role={note.ok ? 'status' : 'alert'}
            className={`text-sm ${note.ok ? GOOD_TEXT : BAD_TEXT}`}
          >
            {note.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
