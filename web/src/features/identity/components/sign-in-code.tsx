import { SIGN_IN_CODE, texts } from '@tools-factory/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSendingForm } from '../../../lib/use-sending-form';
import { sendSignInCode, signInWithCode } from '../api/sign-in-with-code';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';

/**
 * The way in once the password sign-in of `email` answered 429 (a stranger's guesses may have
 * filled its limit): 'E-mail me a sign-in code', then the code field and the button to sign in
 * with it. Success goes on as a password sign-in does (PUT /user, then the page redirects).
 */
export function SignInCode({ email }: { email: string }) {
  const finishSignIn = useFinishSignIn();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const { form, serverError, onSubmit } = useSendingForm(
    () => import('../account-schemas').then((schemas) => schemas.SignInCodeFormSchema),
    { otp: '' },
    async ({ otp }) => finishSignIn(await signInWithCode(email, otp)),
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  async function sendCode() {
    setSendError(null);
    setSending(true);
    try {
      await sendSignInCode(email);
      setSent(true);
    } catch (error) {
      setSendError(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="border-base-300 flex flex-col gap-4 border-t pt-4">
      <BusyButton
        busy={sending}
        disabled={isSubmitting}
        className="btn-outline w-full"
        onClick={() => void sendCode()}
      >
        {texts.login.emailMeCode}
      </BusyButton>
      <FormError message={sendError} />
      {sent ? (
        <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <p role="status" className="text-sm">
            {texts.login.codeSent(SIGN_IN_CODE.expiresInMinutes)}
          </p>
          {/* Letters and digits (issue 40), typed in any case, with or without the dash. */}
          <TextField
            label={texts.login.code}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={SIGN_IN_CODE.length * 2}
            error={errors.otp?.message}
            {...register('otp')}
          />
          <BusyButton
            type="submit"
            busy={isSubmitting}
            disabled={sending}
            className="btn-primary w-full"
          >
            {texts.login.signInWithCode}
          </BusyButton>
          <FormError message={serverError} />
        </form>
      ) : null}
    </div>
  );
}
