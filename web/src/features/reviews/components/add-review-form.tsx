import { zodResolver } from '@hookform/resolvers/zod';
import { CreateReviewSchema, MAX_STARS, texts } from '@tools-factory/contract';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { StarRatingInput } from '../../../components/ui/star-rating-input';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePostReview } from '../api/post-review';

// The form's own fields, checked by the server's rules (the name and e-mail are the account's).
const ReviewFormSchema = CreateReviewSchema.pick({ review: true, rattings: true });
type ReviewFormInput = z.input<typeof ReviewFormSchema>;
type ReviewFormValues = z.output<typeof ReviewFormSchema>;

interface AddReviewFormProps {
  /** The account's name: the review carries it (shown read-only, never typed). */
  reviewerName: string;
  /** Whether the account's e-mail is verified: the server refuses reviews until it is. */
  emailVerified: boolean;
}

/**
 * Add Review (SPEC.md section 2): review text and 1 to 5 stars (5 unless changed), under the
 * account's name, shown read-only (docs/architecture.md#departures-from-the-spec). Posted, it says
 * 'success review post' and starts over; a refusal (an unverified e-mail, too many reviews at once)
 * is told in red under the form, with what was typed kept. Until the e-mail is verified the form
 * says so first.
 */
export function AddReviewForm({ reviewerName, emailVerified }: AddReviewFormProps) {
  const postReview = usePostReview();
  const [serverError, setServerError] = useState<string | null>(null);
  const nameId = useId();
  const blank: ReviewFormInput = { review: '', rattings: MAX_STARS };
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: blank,
  });

  const submit = handleSubmit(async (review) => {
    setServerError(null);
    try {
      await postReview.mutateAsync(review);
      toast.success(texts.reviews.postSuccess);
      reset(blank);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {emailVerified ? null : (
        <p role="status" className="alert alert-warning text-sm">
          {texts.reviews.verifyEmailFirst}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-sm font-semibold">
          {texts.reviews.name}
        </label>
        <input
          id={nameId}
          className="input w-full"
          value={reviewerName}
          readOnly
          aria-describedby={`${nameId}-hint`}
        />
        <p id={`${nameId}-hint`} className="text-base-content/70 text-sm">
          {texts.reviews.nameHint}
        </p>
      </div>
      <TextAreaField
        label={texts.reviews.review}
        aria-required="true"
        error={errors.review?.message}
        {...register('review')}
      />
      <Controller
        control={control}
        name="rattings"
        render={({ field, fieldState }) => (
          <StarRatingInput
            legend={texts.reviews.rating}
            name={field.name}
            // The form holds a number; a string would only come from outside the widget.
            value={Number(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <BusyButton
        type="submit"
        busy={postReview.isPending}
        className="btn-primary w-full sm:w-auto sm:self-start"
      >
        {texts.reviews.submit}
      </BusyButton>
      <FormError message={serverError} />
    </form>
  );
}
