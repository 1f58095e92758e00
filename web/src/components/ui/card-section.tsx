import { useId, type ReactNode } from 'react';

interface CardSectionProps {
  /** The card's heading, which also names the section for screen readers. */
  title: string;
  /** Added to the card's own classes (a margin, a width). */
  className?: string;
  /** The body's spacing: its gap, and its padding where daisyUI's is not wanted. */
  bodyClassName?: string;
  children: ReactNode;
}

/** A card under its own heading, named by it: a summary, a setting, a chart with its table. */
export function CardSection({
  title,
  className = '',
  bodyClassName = 'gap-4',
  children,
}: CardSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`card bg-base-100 border-base-300 border shadow-sm ${className}`}
    >
      <div className={`card-body ${bodyClassName}`}>
        <h3 id={headingId} className="card-title">
          {title}
        </h3>
        {children}
      </div>
    </section>
  );
}
