import { shellTexts } from '@tools-factory/contract';
import { Spinner } from '../../components/ui/spinner';

/**
 * What stands in a page's place while its chunk is on its way: a thin bar at the very top and a
 * spinner where the page will be. (Not on the server-rendered first page: React keeps the
 * server's HTML of the page in place until its chunk arrives.)
 */
export function PageLoading() {
  return (
    <>
      <div
        className="fixed inset-x-0 top-0 z-50"
        role="progressbar"
        aria-label={shellTexts.loading}
      >
        <progress className="progress progress-primary block h-1 w-full rounded-none" />
      </div>
      <Spinner />
    </>
  );
}
