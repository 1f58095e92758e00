import { MAX_QUICK_ORDER_BYTES, QUICK_ORDER_TEMPLATE, texts } from '@tools-factory/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { LabelledField } from '../../../components/ui/labelled-field';
import { saveFile } from '../../../lib/save-file';
import { BAD_TEXT, GOOD_TEXT } from './verdict-colours';

const words = texts.quickOrder;

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
 * before it is read), and the template to start from.
 */
export function QuickOrderInput({ text, onTextChange }: QuickOrderInputProps) {
  const textId = useId();
  const fileId = useId();
  const [fileNote, setFileNote] = useState<FileNote>(null);
  // Lines changed since (edited, added to the cart): 'loaded below' would no longer be true.
  const note = fileNote && (!fileNote.ok || fileNote.text === text) ? fileNote : null;

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
      onTextChange(loaded);
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
        <LabelledField label={words.pasteLabel} id={textId}>
          {(control) => (
            <textarea
              {...control}
              aria-describedby={`${textId}-help`}
              className="textarea w-full font-mono"
              rows={8}
              spellCheck={false}
              autoCapitalize="characters"
              placeholder={words.pastePlaceholder}
              value={text}
              onChange={(event) => onTextChange(event.target.value)}
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
