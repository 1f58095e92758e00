import { texts } from '@tools-factory/contract';
import { useId } from 'react';
import { useCreateCompany } from '../api/create-company';
import { CompanyDetailsForm } from './company-details-form';

const words = texts.company;

/**
 * An account of no company: what a company is for, and the form that creates one, its creator
 * its admin. The server refuses an unverified account and a shop admin (403): its words show
 * under the form.
 */
export function CreateCompany({ onCreated }: { onCreated: () => void }) {
  const createCompany = useCreateCompany();
  const headingId = useId();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <p className="text-base-content/80">{words.none}</p>
      <section
        aria-labelledby={headingId}
        className="card bg-base-100 border-base-300 border shadow-sm"
      >
        <div className="card-body gap-4 p-4 sm:p-6">
          <h3 id={headingId} className="card-title">
            {words.create}
          </h3>
          <CompanyDetailsForm
            labelledBy={headingId}
            submitLabel={words.create}
            busyLabel={words.creating}
            busy={createCompany.isPending}
            onSave={async (details) => {
              await createCompany.mutateAsync(details);
              onCreated();
            }}
          />
        </div>
      </section>
    </div>
  );
}
