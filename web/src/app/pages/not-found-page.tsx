import { texts } from '@tools-factory/contract';
import { NotFound } from '../../components/ui/not-found';

/** Any path the product does not know. */
export default function NotFoundPage() {
  return <NotFound title={texts.notFound} />;
}
