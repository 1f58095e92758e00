import {
  PAYMENT_TERMS_DAYS,
  texts,
  UpdateCompanyTermsSchema,
  type CompanyTerms,
  type UpdateCompanyTermsInput,
} from '@tools-factory/contract';
import { useEffect, useId, type ComponentProps } from 'react';
import { FaCheckCircle } from 'react-icons/fa';
import { BusyButton } from '../../../components/ui/busy-button';
import { CardSection } from '../../../components/ui/card-section';
import { FormError } from '../../../components/ui/form-error';
import { LabelledField } from '../../../components/ui/labelled-field';
import { TextField } from '../../../components/ui/text-field';
import { useSendingForm } from '../../../lib/use-sending-form';
import { useSetCompanyTerms } from '../api/set-company-terms';

const words = texts.companyTerms;

/** The terms as the form shows them: the credit limit as typed. */
function valuesOf(terms: CompanyTerms): UpdateCompanyTermsInput {
  return { ...terms, creditLimit: String(terms.creditLimit) };
}

/**
 * The select's value back to the terms: empty is card only. react-hook-form runs it on the
 * default value too (null), not only on the option chosen (a string).
 */
const readPaymentTerms = (value: string | null) =>
  value === '' || value === null ? null : Number(value);

interface TermsCheckboxProps extends ComponentProps<'input'> {
  label: string;
  hint: string;
}

/** A yes-or-no term, its hint under it (its description, apart from its name). */
function TermsCheckbox({ label, hint, ...inputProps }: TermsCheckboxProps) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          aria-describedby={hintId}
          {...inputProps}
        />
        {label}
      </label>
      <p id={hintId} className="text-base-content/70 pl-8 text-sm">
        {hint}
      </p>
    </div>
  );
}

interface CompanyTermsFormProps {
  companyId: string;
  terms: CompanyTerms;
}

/**
 * What the shop agreed with the company (issue 45), set by its admins: payment terms (card only,
 * or net so many days), the credit limit in dollars, whether its checkouts need a PO number, and
 * whether it is tax-exempt. Checked by the server's own rules first; its refusal (a tax exemption
 * without a tax number) shows above Save, and once saved the page shows what the server answered.
 */
export function CompanyTermsForm({ companyId, terms }: CompanyTermsFormProps) {
  const setTerms = useSetCompanyTerms(companyId);
  const { form, serverError, onSubmit } = useSendingForm(
    UpdateCompanyTermsSchema,
    valuesOf(terms),
    (changed) => setTerms.mutateAsync(changed),
  );
  const answered = setTerms.data?.company.terms;
  // Once saved, the form starts again from what the server answered (the limit as it keeps it).
  useEffect(() => {
    if (answered) form.reset(valuesOf(answered));
  }, [answered, form]);
  const { errors } = form.formState;
  return (
    <CardSection title={words.title} bodyClassName="gap-4 p-4 sm:p-6">
      <form
        noValidate
        onSubmit={(event) => {
          // The last save's note goes as the next one is asked for.
          setTerms.reset();
          onSubmit(event);
        }}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledField label={words.terms} error={errors.paymentTermsDays?.message}>
            {(control) => (
              <select
                {...control}
                {...form.register('paymentTermsDays', { setValueAs: readPaymentTerms })}
                className="select w-full"
              >
                <option value="">{words.paymentTerms(null)}</option>
                {PAYMENT_TERMS_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {words.paymentTerms(days)}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
          <TextField
            label={words.creditLimit}
            hint={words.creditLimitHint}
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            error={errors.creditLimit?.message}
            {...form.register('creditLimit')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TermsCheckbox
            label={words.poNumberRequired}
            hint={words.poNumberRequiredHint}
            {...form.register('poNumberRequired')}
          />
          <TermsCheckbox
            label={words.taxExempt}
            hint={words.taxExemptHint}
            {...form.register('taxExempt')}
          />
        </div>
        <FormError message={serverError} />
        <div role="status" className="empty:hidden">
          {setTerms.isSuccess ? (
            // The page's own text colour: daisyUI's green on its pale green ground is 3.2:1.
            <p className="alert alert-success alert-soft text-base-content text-sm">
              <FaCheckCircle aria-hidden="true" className="text-success shrink-0" />
              {words.saved}
            </p>
          ) : null}
        </div>
        <div className="flex sm:justify-end">
          <BusyButton type="submit" busy={setTerms.isPending} className="btn-primary max-sm:w-full">
            {setTerms.isPending ? words.saving : words.save}
          </BusyButton>
        </div>
      </form>
    </CardSection>
  );
}
