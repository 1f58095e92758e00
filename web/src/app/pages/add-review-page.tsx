import { texts } from '@tools-factory/contract';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { AddReviewForm } from '../../features/reviews/components/add-review-form';

/** /dashborad/addreview: the review form, under the account's name. */
export default function AddReviewPage() {
  const { user } = useAuth();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="text-2xl font-bold">{texts.dashboard.addReview}</h2>
      <p className="text-base-content/70 mt-2 mb-6">{texts.reviews.intro}</p>
      <div className="card bg-base-100 border-base-300 max-w-2xl border shadow-sm">
        <div className="card-body p-4 sm:p-6">
          {user ? (
            <AddReviewForm
              key={user.email}
              reviewerName={user.name}
              emailVerified={user.emailVerified}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
