import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}

/** A home-page band: an anchor id, a centred heading and its content. */
export function Section({ id, title, children, className = '' }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-20 py-14 ${className}`}>
      <div className="mx-auto max-w-7xl px-4">
        <h2
          id={headingId}
          className="mb-10 text-center text-2xl font-bold tracking-wide md:text-3xl"
        >
          {title}
          <span className="bg-primary mx-auto mt-3 block h-1 w-16 rounded" aria-hidden="true" />
        </h2>
        {children}
      </div>
    </section>
  );
}
