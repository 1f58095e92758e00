import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';

/** A query client for tests: no retries, so a failure shows at once. */
function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders a component inside a router and a fresh query cache, with the app's toasts. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createTestQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

/**
 * Renders a route tree (the app's own, or a small one) at `route` (a path, or a location with
 * state), with the app's toasts.
 */
export function renderRoutes(
  routes: RouteObject[],
  { route = '/' }: { route?: InitialEntry } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A JSON answer as the server gives it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The table row whose name (its row header, its cells) mentions `name`, to query inside. */
export function rowOf(name: string) {
  return within(screen.getByRole('row', { name: new RegExp(name) }));
}
