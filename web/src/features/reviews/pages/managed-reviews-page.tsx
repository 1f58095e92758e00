import { texts } from '@tools-factory/contract';
import { ManagedReviews } from '../components/managed-reviews';

/** /dashborad/reviews (admins): every review with its author, Hide and Show. */
export default function ManagedReviewsPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.reviewsAdmin.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{texts.reviewsAdmin.intro}</p>
      <ManagedReviews />
    </section>
  );
}
