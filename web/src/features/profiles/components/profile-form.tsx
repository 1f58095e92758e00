import { zodResolver } from '@hookform/resolvers/zod';
import { SaveProfileSchema, texts } from '@tools-factory/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/ui/form-actions';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';

// The four fields a person types, checked by the server's rules; name and e-mail are the account's.
const ProfileFormSchema = SaveProfileSchema.pick({
  education: true,
  city: true,
  phone: true,
  linkdin: true,
});
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;

/** The fields in the order shown, each with what the browser may fill it from. */
const profileFields: {
  name: keyof ProfileFormValues;
  label: string;
  type?: 'tel' | 'url';
  autoComplete?: string;
}[] = [
  { name: 'education', label: texts.profile.education },
  { name: 'city', label: texts.profile.city, autoComplete: 'address-level2' },
  { name: 'phone', label: texts.profile.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'linkdin', label: texts.profile.linkdin, type: 'url', autoComplete: 'url' },
];

const EMPTY: ProfileFormValues = { education: '', city: '', phone: '', linkdin: '' };

interface ProfileFormProps {
  /** The current information (Edit Information); empty fields when adding. */
  initialValues?: ProfileFormValues;
  /** Sends the values; a rejection's message (the server's: 409, 404 ...) shows under the form. */
  onSave: (values: ProfileFormValues) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}

/**
 * The fields of both profile modals (SPEC.md section 5: education, city, phone number, linkdin,
 * all required), then Save and Cancel.
 */
export function ProfileForm({ initialValues = EMPTY, onSave, onCancel, busy }: ProfileFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: initialValues,
  });

  const save = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSave(values);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-4">
      {profileFields.map(({ name, ...input }) => (
        <TextField
          key={name}
          aria-required="true"
          error={errors[name]?.message}
          {...input}
          {...register(name)}
        />
      ))}
      <FormActions
        serverError={serverError}
        submitLabel={texts.profile.save}
        cancelLabel={texts.profile.cancel}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
