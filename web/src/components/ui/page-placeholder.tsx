import { texts } from '@tools-factory/contract';

interface PagePlaceholderProps {
  title: string;
  /** 2 inside a layout that already has the page's h1 (the dashboard). */
  level?: 1 | 2;
}

/** Stands in for a page a later release fills: its heading and one sentence. */
export function PagePlaceholder({ title, level = 1 }: PagePlaceholderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Heading className="text-3xl font-bold">{title}</Heading>
      <p className="text-base-content/70 mt-4">{texts.placeholder}</p>
    </section>
  );
}
