import { texts } from '@tools-factory/contract';
import type { FormEvent } from 'react';
import { Section } from '../../../components/ui/section';

function keepOnPage(event: FormEvent<HTMLFormElement>) {
  // The product shows no submit behaviour for this form (SPEC.md section 2): it only must not reload.
  event.preventDefault();
}

/** CONTUCT US: name, e-mail and Send. */
export function ContactSection() {
  return (
    <Section id="contact" title={texts.home.contactTitle}>
      <form
        onSubmit={keepOnPage}
        className="bg-neutral text-neutral-content mx-auto flex max-w-xl flex-col gap-4 rounded-box p-6 shadow-md md:p-8"
      >
        <label className="flex flex-col gap-2">
          <span className="text-sm font-semibold">{texts.home.contactName}</span>
          <input
            type="text"
            name="name"
            autoComplete="name"
            className="input text-base-content w-full"
          />
        </label>
        <label className="flex flex-col gap-2">
          <span className="text-sm font-semibold">{texts.home.contactEmail}</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            className="input text-base-content w-full"
          />
        </label>
        <button type="submit" className="btn btn-primary mt-2">
          {texts.home.contactSend}
        </button>
      </form>
    </Section>
  );
}
