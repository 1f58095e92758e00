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
      <TextField
        label={texts.profile.education}
        aria-required="true"
        error={errors.education?.message}
        {...register('education')}
      />
      <TextField
        label={texts.profile.city}
        autoComplete="address-level2"
        aria-required="true"
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField
        label={texts.profile.phone}
        type="tel"
        autoComplete="tel"
        aria-required="true"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label={texts.profile.linkdin}
        type="url"
        autoComplete="url"
        aria-required="true"
        error={errors.linkdin?.message}
        {...register('linkdin')}
      />
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
