/** What the two card forms (the test gateway's and Stripe's) share with the payment panel. */

/** Who pays: Stripe receives the billing name and e-mail with the card. */
export interface Payer {
  name: string;
  email: string;
}

/**
 * Confirms the card payment with the gateway: resolves with the transaction id (the intent's
 * id), rejects with the card error in the provider's words.
 */
export type ConfirmCard = () => Promise<string>;

export interface CardFormProps {
  /** The intent's client secret; null while it is being created (Pay stays disabled). */
  clientSecret: string | null;
  payer: Payer;
  /** A payment is on its way: a spinner on Pay, and no second press. */
  paying: boolean;
  /** Why the last payment failed, shown in red under the form. */
  error: string | null;
  onPay: (confirmCard: ConfirmCard) => void;
}
