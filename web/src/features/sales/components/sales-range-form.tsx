import { MAX_SALES_RANGE_DAYS, daysInRange, texts } from '@tools-factory/contract';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDownloadSalesCsv, type SalesRange } from '../api/get-sales';

const words = texts.sales;

/** Why this range cannot be asked for, or null: the server's own rules (400 otherwise). */
function rangeProblem(from: string, to: string): string | null {
  if (from > to) return words.rangeFromAfterTo;
  if (daysInRange(from, to) > MAX_SALES_RANGE_DAYS) return words.rangeTooLong(MAX_SALES_RANGE_DAYS);
  return null;
}

interface SalesRangeFormProps {
  /** The range the figures are of (the server's, for the default window too). */
  shown: { from: string; to: string };
  /** Whether the figures are the default window (Last 30 days is then not offered). */
  isDefault: boolean;
  onChange: (range: SalesRange) => void;
}

/**
 * The Sales page's range (issue 25): two days (From, To, both included, UTC) that Show asks
 * the figures of, Last 30 days back to the default, and Download CSV of the figures shown.
 */
export function SalesRangeForm({ shown, isDefault, onChange }: SalesRangeFormProps) {
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const [problem, setProblem] = useState<string | null>(null);
  const download = useDownloadSalesCsv();
  const problemId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = from && to ? rangeProblem(from, to) : words.rangeFromAfterTo;
    setProblem(found);
    if (!found) onChange({ from, to });
  }

  function lastThirtyDays() {
    setProblem(null);
    onChange(null);
  }

  const described = problem ? { 'aria-describedby': problemId, 'aria-invalid': true } : {};
  return (
    <form
      aria-label={words.range}
      onSubmit={submit}
      className="mb-4 flex flex-wrap items-end gap-3"
      noValidate
    >
      {[
        { label: words.from, day: from, setDay: setFrom },
        { label: words.to, day: to, setDay: setTo },
      ].map(({ label, day, setDay }) => (
        <TextField
          key={label}
          label={label}
          type="date"
          className="w-40"
          value={day}
          required
          onChange={(event) => setDay(event.target.value)}
          {...described}
        />
      ))}
      <button type="submit" className="btn btn-primary">
        {words.show}
      </button>
      {!isDefault && (
        <button type="button" className="btn btn-ghost" onClick={lastThirtyDays}>
          {words.lastThirtyDays}
        </button>
      )}
      <BusyButton
        className="btn-outline"
        busy={download.isPending}
        onClick={() =>
          download.mutate(shown, { onError: (error) => toast.error(errorMessage(error)) })
        }
      >
        {words.downloadCsv}
      </BusyButton>
      {problem && (
        <p id={problemId} role="alert" className="text-error w-full text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}
