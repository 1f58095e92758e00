import { CreateCompanySchema, texts, type CreateCompanyInput } from '@tools-factory/contract';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useSendingForm } from '../../../lib/use-sending-form';

const words = texts.company;

/** The company's details as typed (the tax number may be left empty). */
export type CompanyDetailsValues = CreateCompanyInput;

const EMPTY: CompanyDetailsValues = { legalName: '', taxNumber: '', billingAddress: '' };

interface CompanyDetailsFormProps {
  /** The details shown (Edit details); empty fields for a new company. */
  initialValues?: CompanyDetailsValues;
  /** Create company, or Save; and what it says while on its way. */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Sends the checked details; a refusal's message (the server's) shows above the buttons. */
  onSave: (details: CompanyDetailsValues) => Promise<unknown>;
  /** Edit details only: back to the details as they were. */
  onCancel?: () => void;
  /** The id of the heading that names the form. */
  labelledBy: string;
}

/**
 * The fields of a new company and of its Edit details: legal name, tax or VAT number (optional),
 * billing address over several lines, checked by the server's own rules (contract) first.
 */
export function CompanyDetailsForm({
  initialValues = EMPTY,
  submitLabel,
  busyLabel,
  busy,
  onSave,
  onCancel,
  labelledBy,
}: CompanyDetailsFormProps) {
  const { form, serverError, onSubmit } = useSendingForm(
    CreateCompanySchema,
    initialValues,
    onSave,
  );
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <TextField
        label={words.legalName}
        autoComplete="organization"
        aria-required="true"
        error={errors.legalName?.message}
        {...form.register('legalName')}
      />
      <TextField
        label={words.taxNumber}
        autoComplete="off"
        error={errors.taxNumber?.message}
        {...form.register('taxNumber')}
      />
      <TextAreaField
        label={words.billingAddress}
        rows={4}
        autoComplete="street-address"
        aria-required="true"
        error={errors.billingAddress?.message}
        {...form.register('billingAddress')}
      />
      <FormError message={serverError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            {words.cancel}
          </button>
        ) : null}
        <BusyButton type="submit" busy={busy} className="btn-primary">
          {busy ? busyLabel : submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
