import { homeTexts, type ContactMessage } from '@tools-factory/contract';
import { useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { Section } from '../../../components/ui/section';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';

const blank: ContactMessage = { name: '', email: '', message: '' };
type Field = keyof ContactMessage;
const fieldNames: Record<Field, string> = { name: 'name', email: 'email', message: 'message' };

/**
 * The fields left empty, each with its red line. The rest of the rules (the e-mail's shape, the
 * lengths) are the server's, told under the form: the home page carries no forms library and no
 * schema library (docs/architecture.md#pages), only these few lines.
 */
function missingFields(values: ContactMessage): Partial<Record<Field, string>> {
  const missing: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(fieldNames) as Field[]) {
    if (values[field].trim() === '')
      missing[field] = homeTexts.home.contactRequired(fieldNames[field]);
  }
  return missing;
}

/**
 * CONTUCT US: 'Your Name', 'Email' and a message (docs/architecture.md#departures-from-the-spec),
 * all required, checked here by the server's own rules. Send stores the message and e-mails it to
 * the admins (never to the address typed); the thanks come only once the server accepted it, and a
 * refusal is told in red under the form with what was typed kept.
 */
export function ContactSection() {
  const hydrated = useHydrated();
  const send = useSendContactMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const [values, setValues] = useState<ContactMessage>(blank);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Every field is required, and says so.
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    'aria-required': 'true' as const,
    error: errors[field],
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const missing = missingFields(values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      await send.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      });
      toast.success(homeTexts.home.contactThanks, { toastId: 'contact-thanks' });
      setValues(blank);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <Section id="contact" title={homeTexts.home.contactTitle}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        // A dark form: what is typed stays dark on the fields' light ground, and a field's error
        // is a light red (the theme's red is 3.06:1 on this ground, under WCAG AA's 4.5:1).
        className="bg-neutral text-neutral-content mx-auto flex max-w-xl flex-col gap-4 rounded-box p-6 shadow-md md:p-8 [&_.input]:text-base-content [&_textarea]:text-base-content [&_.text-error]:text-red-300"
      >
        <TextField
          label={homeTexts.home.contactName}
          type="text"
          autoComplete="name"
          {...bind('name')}
        />
        <TextField
          label={homeTexts.home.contactEmail}
          type="email"
          autoComplete="email"
          {...bind('email')}
        />
        <TextAreaField label={homeTexts.home.contactMessage} {...bind('message')} />
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
