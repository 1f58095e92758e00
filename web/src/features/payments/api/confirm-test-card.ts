import {
  apiPaths,
  type ConfirmTestCard,
  type ConfirmTestCardResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /api/payments/test/confirm (bearer, test gateway only): confirms the intent with the typed
 * card, as Stripe.js confirms one with Stripe. A refused card rejects with 402 and the card error
 * in Stripe's words.
 */
export function confirmTestCard(card: ConfirmTestCard): Promise<ConfirmTestCardResponse> {
  return api.post<ConfirmTestCardResponse>(apiPaths.confirmTestCard, card);
}
