import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/addreview: the review form arrives with the dashboard issue. */
export default function AddReviewPage() {
  return <PagePlaceholder title={texts.dashboard.addReview} level={2} />;
}
