import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from './api-client';
import { toast } from './toast';

interface ConfirmedActionOptions<Item, Variables, Result> {
  /** The call that does it. */
  mutation: UseMutationResult<Result, Error, Variables>;
  /** What the call is given for an item (its id, its e-mail, its id and price). */
  variablesOf: (item: Item) => Variables;
  /** Once done: say so (a toast), tell whoever else needs to know. */
  onDone: (result: Result, item: Item) => void;
}

/**
 * An action behind a question: `ask(item)` opens the dialog, `confirm(item)` does it. A refusal
 * (4xx: changed or gone meanwhile, not allowed) is said in the server's words and closes the
 * dialog, since what it asked about is no longer so; no answer or a 5xx keeps it open, so the
 * user may try again from the same dialog.
 */
export function useConfirmedAction<Item, Variables, Result>({
  mutation,
  variablesOf,
  onDone,
}: ConfirmedActionOptions<Item, Variables, Result>) {
  const [item, setItem] = useState<Item | null>(null);

  function confirm(target: Item) {
    mutation.mutate(variablesOf(target), {
      onSuccess: (result) => {
        onDone(result, target);
        setItem(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        if (isApiError(error) && error.status >= 400 && error.status < 500) setItem(null);
      },
    });
  }

  return {
    item,
    ask: (target: Item) => setItem(target),
    cancel: () => setItem(null),
    confirm,
    busy: mutation.isPending,
  };
}
