import { homeTexts } from '@tools-factory/contract';
import type { FormEvent } from 'react';
import { Section } from '../../../components/ui/section';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';

function thankAndReset(event: FormEvent<HTMLFormElement>) {
  // SPEC.md shows no submit behaviour and no rules for this form: nothing is sent anywhere, but
  // Send answers, so that nobody wonders whether it worked.
  event.preventDefault();
  event.currentTarget.reset();
  toast.success(homeTexts.home.contactThanks, { toastId: 'contact-thanks' });
}

/** CONTUCT US: name, e-mail and Send, which thanks the visitor and clears the form. */
export function ContactSection() {
  const hydrated = useHydrated();
  return (
    <Section id="contact" title={homeTexts.home.contactTitle}>
      <form
        onSubmit={thankAndReset}
        className="bg-neutral text-neutral-content mx-auto flex max-w-xl flex-col gap-4 rounded-box p-6 shadow-md md:p-8"
      >
        <TextField
          label={homeTexts.home.contactName}
          type="text"
          name="name"
          autoComplete="name"
          frameClassName="text-base-content"
        />
        <TextField
          label={homeTexts.home.contactEmail}
          type="email"
          name="email"
          autoComplete="email"
          frameClassName="text-base-content"
        />
        {/* Until the script runs, the browser would send name and e-mail in the page's URL. */}
        <button type="submit" className="btn btn-primary mt-2" disabled={!hydrated}>
          {homeTexts.home.contactSend}
        </button>
      </form>
    </Section>
  );
}
