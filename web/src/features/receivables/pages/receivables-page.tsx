import { texts } from '@tools-factory/contract';
import { Receivables } from '../components/receivables';

const words = texts.receivables.page;

/** /dashborad/receivables (shop admins, issue 45): the open invoices on account, by company. */
export default function ReceivablesPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{words.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{words.intro}</p>
      <Receivables />
    </section>
  );
}
