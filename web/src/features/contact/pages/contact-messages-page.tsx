import { texts } from '@tools-factory/contract';
import { ContactMessages } from '../components/contact-messages';

/** /dashborad/messages (admins): the contact form's messages. */
export default function ContactMessagesPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.messagesAdmin.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{texts.messagesAdmin.intro}</p>
      <ContactMessages />
    </section>
  );
}
