import { useQueryClient } from '@tanstack/react-query';
import { routes, texts } from '@tools-factory/contract';
import { FaTools } from 'react-icons/fa';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/accounts/hooks/use-auth';
import { catalogQueryKey, useTool } from '../../features/catalog/api/get-tool';
import { ToolDetails } from '../../features/catalog/components/tool-details';
import { PurchaseForm } from '../../features/orders/components/purchase-form';
import { isApiError } from '../../lib/api-client';

/** An id the catalog does not know (or that is not an id at all): said plainly, with a way home. */
function ToolNotFound() {
  return (
    <section className="mx-auto flex max-w-xl grow flex-col items-center justify-center gap-6 px-4 py-20 text-center">
      <FaTools className="text-primary text-6xl" aria-hidden="true" />
      <h1 className="text-2xl font-bold md:text-3xl">{texts.toolNotFound}</h1>
      <Link to={routes.home} className="btn btn-primary">
        {texts.nav.home}
      </Link>
    </section>
  );
}

/**
 * /purchase/{id} (protected): the tool, who orders it, and the order form. Composes the catalog
 * (the tool), accounts (the signed-in customer) and orders (the form); once an order is answered
 * the catalog is asked again, so the page shows the quantity left.
 */
export default function PurchasePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const tool = useTool(id);
  const queryClient = useQueryClient();

  if (tool.isPending) return <Spinner />;
  if (tool.isError) {
    if (isApiError(tool.error) && tool.error.status === 404) return <ToolNotFound />;
    return (
      <div className="px-4 py-16">
        <ErrorState message={tool.error.message} onRetry={() => void tool.refetch()} />
      </div>
    );
  }
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
      <h1 className="mb-6 text-3xl font-bold">{texts.tool.purchase}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-8">
        <ToolDetails tool={tool.data} />
        {user ? (
          <PurchaseForm
            tool={tool.data}
            customer={{ name: user.name, email: user.email }}
            onOrderSettled={() => void queryClient.invalidateQueries({ queryKey: catalogQueryKey })}
          />
        ) : null}
      </div>
    </section>
  );
}
