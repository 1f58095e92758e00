import { texts } from '@tools-factory/contract';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../components/ui/not-found';
import { Spinner } from '../../components/ui/spinner';
import { RequireAuth } from '../../features/identity/components/require-auth';
import { QueryBoundary } from '../../components/ui/query-boundary';
import { useTool } from '../../features/tools/api/get-tool';
import { ToolDetails } from '../../features/tools/components/tool-details';
import { isApiError } from '../../lib/api-client';
import { lazyPart } from '../../lib/server-html';
import { pageTitle, useDocumentTitle } from '../../lib/document-title';

/** The order form's chunk (purchase-order-area.tsx): not needed to hydrate the page. */
const OrderArea = lazyPart(() =>
  import('./purchase-order-area').then((module) => module.OrderArea),
);

/**
 * /purchase/{id} (protected): the tool, who orders it, and the order form. Composes the catalog
 * (the tool), identity (the signed-in customer) and orders (the form); once an order is answered
 * the catalog is asked again, so the page shows the quantity left. The tool shows at once (the
 * server renders it, while the sign-in is unknown there); the visitor found signed out goes to
 * /login, remembering this page.
 */
export default function PurchasePage() {
  return (
    <RequireAuth pending={<PurchaseContent signInKnown={false} />}>
      <PurchaseContent signInKnown />
    </RequireAuth>
  );
}

/** The page; until the sign-in is known, a spinner holds the order form's place. */
function PurchaseContent({ signInKnown }: { signInKnown: boolean }) {
  const { id = '' } = useParams();
  const tool = useTool(id);
  // The route leaves the title to this page: only it knows the tool's name.
  useDocumentTitle(
    pageTitle(
      tool.data ? texts.pageTitles.purchase(tool.data.name) : texts.pageTitles.purchaseLoading,
    ),
  );
  // The quantity typed in the order form, for the row of the volume pricing it reaches.
  const [quantity, setQuantity] = useState<number | null>(null);
  // The order form (the biggest part of the page) rendered as a transition once the sign-in is
  // known: React yields to the browser every few milliseconds instead of one long task.
  const orderAreaShown = useDeferredValue(signInKnown);
  // Asked for once the page is up (after hydration), while the sign-in is read.
  useEffect(() => {
    void OrderArea.load().catch(() => {
      // Rendered, the form's chunk says it did not arrive (the pages' error boundary).
    });
  }, []);

  return (
    <QueryBoundary
      query={tool}
      // An id the catalog does not know (or that is not an id at all): said plainly, with a way home.
      renderError={(error) =>
        isApiError(error) && error.status === 404 ? (
          <NotFound title={texts.toolNotFound} />
        ) : undefined
      }
      errorClassName="px-4 py-16"
    >
      {(found) => (
        <section className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
          <h1 className="mb-6 text-3xl font-bold">{texts.tool.purchase}</h1>
          <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-8">
            <ToolDetails tool={found} quantity={quantity} />
            {orderAreaShown ? (
              <Suspense fallback={<Spinner />}>
                <OrderArea tool={found} quantity={quantity} onQuantityChange={setQuantity} />
              </Suspense>
            ) : (
              <Spinner />
            )}
          </div>
        </section>
      )}
    </QueryBoundary>
  );
}
