import type { ReactNode } from 'react';

interface TextPageProps {
  title: string;
  /** The column's width: a max-w-* class. */
  widthClassName: string;
  children: ReactNode;
}

/** A page of ours (About, Blogs): its title centred over the accent bar, then what it says. */
export function TextPage({ title, widthClassName, children }: TextPageProps) {
  return (
    <section className={`mx-auto ${widthClassName} px-4 py-16`}>
      <h1 className="text-center text-3xl font-bold tracking-wide md:text-4xl">{title}</h1>
      <span className="bg-primary mx-auto mt-3 block h-1 w-16 rounded" aria-hidden="true" />
      {children}
    </section>
  );
}
