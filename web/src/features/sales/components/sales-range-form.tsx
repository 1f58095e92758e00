import { MAX_SALES_RANGE_DAYS, daysInRange, texts } from '@tools-factory/contract';
import { useId, useState, type FormEvent } from 'react';
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
  const fromId = useId();
  const toId = useId();
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
      <div className="flex flex-col gap-1">
        <label htmlFor={fromId} className="text-sm font-medium">
          {words.from}
        </label>
        <input
          id={fromId}
          type="date"
          className="input input-bordered w-40"
          value={from}
          required
          onChange={(event) => setFrom(event.target.value)}
          {...described}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={toId} className="text-sm font-medium">
          {words.to}
        </label>
        <input
          id={toId}
          type="date"
          className="input input-bordered w-40"
          value={to}
          required
          onChange={(event) => setTo(event.target.value)}
          {...described}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {words.show}
      </button>
      {!isDefault && (
        <button type="button" className="btn btn-ghost" onClick={lastThirtyDays}>
          {words.lastThirtyDays}
        </button>
      )}
      <button
        type="button"
        className="btn btn-outline"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(shown, { onError: (error) => toast.error(errorMessage(error)) })
        }
      >
        {words.downloadCsv}
      </button>
      {problem && (
        <p id={problemId} role="alert" className="text-error w-full text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}
