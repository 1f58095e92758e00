import { MANAGED_REVIEWS_PAGE_SIZE, texts, type ManagedReview } from '@tools-factory/contract';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Stars } from '../../../components/ui/stars';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useManagedReviewsPage } from '../api/get-managed-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';

const t = texts.reviewsAdmin;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shown = (iso: string) => dateTime.format(new Date(iso));

/** One review as admins see it: the text, its author's name and e-mail, hidden or not. */
function ManagedReviewCard({
  review,
  busy,
  onToggle,
}: {
  review: ManagedReview;
  busy: boolean;
  onToggle: (review: ManagedReview) => void;
}) {
  const hidden = review.hiddenAt !== null;
  return (
    <li
      className={`card bg-base-100 border-base-300 border shadow-sm ${hidden ? 'opacity-75' : ''}`}
    >
      <div className="card-body gap-3 p-4 md:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
              {review.name}
              {hidden ? <span className="badge badge-warning">{t.hidden}</span> : null}
              {review.verifiedBuyer ? (
                <span className="badge badge-success badge-outline">
                  {texts.reviews.verifiedBuyer}
                </span>
              ) : null}
            </h3>
            <p className="text-base-content/80 text-sm break-words">
              <EmailAddress email={review.email} />
            </p>
            <p className="text-base-content/70 text-sm">
              {t.columns.posted}: {shown(review.createdAt)}
            </p>
          </div>
          <BusyButton
            busy={busy}
            className={`btn-sm max-sm:w-full ${hidden ? 'btn-primary' : 'btn-warning'}`}
            aria-label={hidden ? t.showLabel(review.name) : t.hideLabel(review.name)}
            onClick={() => onToggle(review)}
          >
            {hidden ? t.show : t.hide}
          </BusyButton>
        </div>
        <Stars rating={review.rattings} />
        <blockquote className="text-base-content/80 break-words whitespace-pre-line">
          {review.review}
        </blockquote>
      </div>
    </li>
  );
}

/**
 * Reviews (issue 22, admins): every review, newest first, with its author's e-mail. Hide takes
 * one off the home page at once and Show puts it back: no confirmation, as each undoes the other.
 * Issue 43: 50 reviews a page (GET /manageReviews/page), Previous and Next by cursor.
 */
export function ManagedReviews() {
  const pages = useKeysetPages({});
  const reviews = useManagedReviewsPage(pages.after);
  const setHidden = useSetReviewHidden();
  const busyId = setHidden.isPending ? setHidden.variables.id : null;

  const toggle = (review: ManagedReview) => {
    const hidden = review.hiddenAt === null;
    setHidden.mutate(
      { id: review._id, hidden },
      {
        onSuccess: () => toast.success(hidden ? t.hiddenDone : t.shownDone),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    // A page already shown stays when a later refresh fails: it is still the best known.
    <QueryBoundary query={reviews} keepDataOnError>
      {({ reviews: list, total, capped, next }) =>
        list.length === 0 && pages.page === 1 ? (
          <EmptyState message={t.empty} />
        ) : (
          <>
            <p className="text-base-content/70 mb-4 text-sm" role="status">
              {capped ? t.countAtLeast(total) : t.count(total)}
            </p>
            <ul className="flex flex-col gap-4">
              {list.map((review) => (
                <ManagedReviewCard
                  key={review._id}
                  review={review}
                  busy={busyId === review._id}
                  onToggle={toggle}
                />
              ))}
            </ul>
            <Pager
              page={pages.page}
              pages={capped ? undefined : Math.max(1, Math.ceil(total / MANAGED_REVIEWS_PAGE_SIZE))}
              hasNext={next !== null}
              onNext={() => next !== null && pages.next(next)}
              onPrevious={pages.previous}
            />
          </>
        )
      }
    </QueryBoundary>
  );
}
