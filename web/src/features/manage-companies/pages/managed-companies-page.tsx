import { texts } from '@tools-factory/contract';
import { ManagedCompanies } from '../components/managed-companies';

/** /dashborad/companies (shop admins, issue 44): the company accounts, searched and paged. */
export default function ManagedCompaniesPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.manageCompanies.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{texts.manageCompanies.intro}</p>
      <ManagedCompanies />
    </section>
  );
}
