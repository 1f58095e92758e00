import { texts } from '@tools-factory/contract';

/** /about: who makes the tools. */
export default function AboutPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold tracking-wide md:text-4xl">
        {texts.about.title}
      </h1>
      <span className="bg-primary mx-auto mt-3 block h-1 w-16 rounded" aria-hidden="true" />
      <p className="text-base-content/80 mt-8 text-lg leading-relaxed">{texts.about.body}</p>
    </section>
  );
}
