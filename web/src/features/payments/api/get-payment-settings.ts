import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PaymentSettings } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/payment-settings (anyone): which card form to show, and Stripe's publishable key. */
function getPaymentSettings(signal?: AbortSignal): Promise<PaymentSettings> {
  return api.get<PaymentSettings>(apiPaths.paymentSettings, signal);
}

const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['paymentSettings'],
    queryFn: ({ signal }) => getPaymentSettings(signal),
    // The server's gateway is set when it starts: asking once per visit is enough.
    staleTime: Infinity,
  });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
