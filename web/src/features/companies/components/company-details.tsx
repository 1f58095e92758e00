import { texts, type Company } from '@tools-factory/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { FaPen } from 'react-icons/fa';
import { useUpdateCompany } from '../api/update-company';
import { CompanyDetailsForm } from './company-details-form';

const words = texts.company;

interface CompanyDetailsProps {
  company: Company;
  /** A company admin: Edit details. */
  isAdmin: boolean;
  onSaved: () => void;
}

/**
 * What the company's documents carry: legal name, tax or VAT number, billing address. Its admins
 * edit them in place (Save, Cancel); the focus goes to the first field, and back to Edit details
 * when the form closes.
 */
export function CompanyDetails({ company, isAdmin, onSaved }: CompanyDetailsProps) {
  const updateCompany = useUpdateCompany();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) cardRef.current?.querySelector<HTMLElement>('input')?.focus();
    else if (wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <section
      ref={cardRef}
      aria-labelledby={headingId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id={headingId} className="card-title">
          {words.details}
        </h3>
        {editing ? (
          <CompanyDetailsForm
            labelledBy={headingId}
            initialValues={{
              legalName: company.legalName,
              taxNumber: company.taxNumber,
              billingAddress: company.billingAddress,
            }}
            submitLabel={words.save}
            busyLabel={words.saving}
            busy={updateCompany.isPending}
            onSave={async (details) => {
              await updateCompany.mutateAsync(details);
              setEditing(false);
              onSaved();
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
              <dt className="text-base-content/70 text-sm font-semibold">{words.legalName}</dt>
              <dd className="font-semibold wrap-break-word">{company.legalName}</dd>
              <dt className="text-base-content/70 text-sm font-semibold">{words.taxNumberShown}</dt>
              <dd className="wrap-break-word">
                {company.taxNumber || (
                  <span className="text-base-content/70 italic">{words.notGiven}</span>
                )}
              </dd>
              <dt className="text-base-content/70 text-sm font-semibold">{words.billingAddress}</dt>
              <dd className="wrap-break-word whitespace-pre-line">{company.billingAddress}</dd>
            </dl>
            {isAdmin ? (
              <div>
                <button
                  ref={editRef}
                  type="button"
                  className="btn btn-outline btn-sm max-sm:w-full"
                  onClick={() => setEditing(true)}
                >
                  <FaPen aria-hidden="true" />
                  {words.edit}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
