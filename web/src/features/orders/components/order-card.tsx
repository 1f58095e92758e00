import type { ReactNode } from 'react';

/** One card of an admin's order page: a heading and its facts. */
export function OrderCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 border-base-300 border" aria-label={title}>
      <div className="card-body gap-3 p-4 md:p-6">
        <h3 className="card-title text-lg">{title}</h3>
        {children}
      </div>
    </section>
  );
}
