import { texts } from '@tools-factory/contract';
import { ManageQuotes } from '../components/manage-quotes';

/** /dashborad/quotes (admins): every quote, with Make an offer and Decline. */
export default function ManageQuotesPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.manageQuotes.title}</h2>
      <ManageQuotes />
    </section>
  );
}
