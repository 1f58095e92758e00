import { shellTexts } from '@tools-factory/contract';

interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decoration. */
  label?: string;
  className?: string;
}

/** A centred loading spinner with an accessible status. */
export function Spinner({ label = shellTexts.loading, className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex justify-center py-10 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
