import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';

/** The form as filled: the problem to show at its fields (nothing is sent), or how to save it. */
export type CheckedForm<Problem> = { problem: Problem } | { save: () => Promise<void> };

/**
 * A dialog's form checked by its own rules, then saved: nothing happens while a save is on its
 * way; a problem shows at the fields and sends nothing; a refusal's message (the server's) is
 * kept as `serverError`, to show under the form, and cleared on the next try.
 */
export function useCheckedSave<Problem>(busy: boolean, check: () => CheckedForm<Problem>) {
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const checked = check();
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    try {
      await checked.save();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return {
    problem,
    setProblem,
    /** For DialogForm: the submit handler and the server's refusal. */
    sending: { serverError, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) },
  };
}
