import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage, isApiError } from './api-client';

interface ConfirmedRemovalOptions<Item, Key> {
  /** The delete call; answers how many it removed (0: gone already). */
  mutation: UseMutationResult<{ deletedCount: number }, Error, Key>;
  /** What the delete call is given for an item (its id, its e-mail). */
  keyOf: (item: Item) => Key;
  /** The toast once removed. */
  removedText: string;
  /** The toast when it was gone already; none when left out. */
  alreadyGoneText?: string;
}

/**
 * Remove behind a question: `ask(item)` opens the dialog, `confirm(item)` removes it and says so
 * in a toast. A refusal (4xx: gone meanwhile, not allowed) is said in the server's words and
 * closes the dialog, since nothing is left to confirm; no answer or a 5xx keeps it open, so the
 * user may try again from the same dialog.
 */
export function useConfirmedRemoval<Item, Key>({
  mutation,
  keyOf,
  removedText,
  alreadyGoneText,
}: ConfirmedRemovalOptions<Item, Key>) {
  const [itemToRemove, setItemToRemove] = useState<Item | null>(null);

  function confirm(item: Item) {
    mutation.mutate(keyOf(item), {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(removedText);
        else if (alreadyGoneText) toast.info(alreadyGoneText);
        setItemToRemove(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        if (isApiError(error) && error.status >= 400 && error.status < 500) setItemToRemove(null);
      },
    });
  }

  return {
    itemToRemove,
    ask: (item: Item) => setItemToRemove(item),
    cancel: () => setItemToRemove(null),
    confirm,
    busy: mutation.isPending,
  };
}
