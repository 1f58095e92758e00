import { texts } from '@tools-factory/contract';
import { ManageTools } from '../components/manage-tools';

/** /dashborad/manageTools (admins): the tools on sale, and Remove. */
export default function ManageToolsPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.manageTools}</h2>
      <ManageTools />
    </section>
  );
}
