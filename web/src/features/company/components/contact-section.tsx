import { texts } from '@tools-factory/contract';
import type { FormEvent } from 'react';
import { Section } from '../../../components/ui/section';
import { TextField } from '../../../components/ui/text-field';

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
        <TextField
          label={texts.home.contactName}
          type="text"
          name="name"
          autoComplete="name"
          frameClassName="text-base-content"
        />
        <TextField
          label={texts.home.contactEmail}
          type="email"
          name="email"
          autoComplete="email"
          frameClassName="text-base-content"
        />
        <button type="submit" className="btn btn-primary mt-2">
          {texts.home.contactSend}
        </button>
      </form>
    </Section>
  );
}
