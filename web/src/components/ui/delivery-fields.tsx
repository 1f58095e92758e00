import { texts } from '@tools-factory/contract';
import type { ComponentProps } from 'react';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

interface DeliveryFieldsProps {
  /** react-hook-form's register('address') props. */
  address: ComponentProps<'textarea'>;
  /** react-hook-form's register('phone') props. */
  phone: ComponentProps<'input'>;
  /** Each field's validation message, shown in red under it. */
  errors: { address?: string | undefined; phone?: string | undefined };
}

/**
 * Where an order goes: the address (required) and a phone number (optional), as the purchase
 * form and the acceptance of a quote ask for them (the contract's `deliveryFields`).
 */
export function DeliveryFields({ address, phone, errors }: DeliveryFieldsProps) {
  return (
    <>
      <TextAreaField
        label={texts.purchase.address}
        rows={3}
        autoComplete="street-address"
        aria-required="true"
        error={errors.address}
        {...address}
      />
      <TextField
        label={texts.purchase.phone}
        type="tel"
        autoComplete="tel"
        error={errors.phone}
        {...phone}
      />
    </>
  );
}
