import { zodResolver } from '@hookform/resolvers/zod';
import {
  ContactMessageSchema,
  homeTexts,
  type ContactMessage,
  type ContactMessageInput,
} from '@tools-factory/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { Section } from '../../../components/ui/section';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';

const blank: ContactMessageInput = { name: '', email: '', message: '' };

/**
 * CONTUCT US: 'Your Name', 'Email' and a message (DESIGN.md section 10), all required, checked
 * here by the server's own rules. Send stores the message and e-mails it to the admins (never to
 * the address typed); the thanks come only once the server accepted it, and a refusal is told in
 * red under the form with what was typed kept.
 */
export function ContactSection() {
  const hydrated = useHydrated();
  const send = useSendContactMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: blank,
  });

  const submit = handleSubmit(async (message) => {
    setServerError(null);
    try {
      await send.mutateAsync(message);
      toast.success(homeTexts.home.contactThanks, { toastId: 'contact-thanks' });
      reset(blank);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <Section id="contact" title={homeTexts.home.contactTitle}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="bg-neutral text-neutral-content mx-auto flex max-w-xl flex-col gap-4 rounded-box p-6 shadow-md md:p-8"
      >
        <TextField
          label={homeTexts.home.contactName}
          type="text"
          autoComplete="name"
          aria-required="true"
          frameClassName="text-base-content"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={homeTexts.home.contactEmail}
          type="email"
          autoComplete="email"
          aria-required="true"
          frameClassName="text-base-content"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextAreaField
          label={homeTexts.home.contactMessage}
          aria-required="true"
          className="[&_textarea]:text-base-content"
          error={errors.message?.message}
          {...register('message')}
        />
        {/* Until the script runs, the browser would send the fields in the page's URL. */}
        <BusyButton
          type="submit"
          busy={send.isPending}
          className="btn-primary mt-2"
          disabled={!hydrated}
        >
          {homeTexts.home.contactSend}
        </BusyButton>
        <FormError message={serverError} />
      </form>
    </Section>
  );
}
