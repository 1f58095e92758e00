import { texts } from '@tools-factory/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { useLayoutEffect, type ReactElement, type RefObject } from 'react';
import { ToastContainer } from 'react-toastify';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type InitialEntry,
  type Location,
  type NavigationType,
  type RouteObject,
  type To,
} from 'react-router';
import { AppRoutes } from '../app/app-routes';

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

/** What a test reads of the router and how it moves it, as the app's router sees it. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  /** Navigates (a path, or -1 for Back) and waits for React to show the result. */
  navigate(to: To | number): Promise<void>;
}

/** Keeps `router` up to date with the router's location, inside the tree. */
function RouterProbe({ stateRef }: { stateRef: RefObject<ProbeState | null> }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  // Written in the commit that shows the render (a layout effect), read by the test between
  // renders: a passive effect could still be pending when a query finds the new page's content,
  // and the test read the location before it (require-auth.test.tsx failed 1 run in 12).
  useLayoutEffect(() => {
    stateRef.current = { location, historyAction, navigate };
  });
  return null;
}

interface ProbeState {
  location: Location;
  historyAction: NavigationType;
  navigate: ReturnType<typeof useNavigate>;
}

/**
 * Renders a route tree (the app's own, or a small one) at `route` (a path, or a location with
 * state) as the app does (declarative routes, titles), with the app's toasts.
 */
export function renderRoutes(
  routes: RouteObject[],
  { route = '/' }: { route?: InitialEntry } = {},
) {
  const queryClient = createTestQueryClient();
  const probe: { current: ProbeState | null } = { current: null };
  const current = (): ProbeState => {
    if (!probe.current) throw new Error('the router has not rendered yet');
    return probe.current;
  };
  const router: TestRouter = {
    state: {
      get location() {
        return current().location;
      },
      get historyAction() {
        return current().historyAction;
      },
    },
    navigate: async (to) => {
      // Testing Library's act, not React's: it tells React this is a test (IS_REACT_ACT_ENVIRONMENT),
      // which React's own act would otherwise report as an error.
      await act(async () => {
        await (typeof to === 'number' ? current().navigate(to) : current().navigate(to));
      });
    },
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]} useTransitions={false}>
        <RouterProbe stateRef={probe} />
        <AppRoutes routes={routes} />
      </MemoryRouter>
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

/**
 * A row's action behind its Actions button (RowActionsMenu, Manage Tools): the list opened if it
 * is not, then the action's button in it.
 */
export async function rowActionOf(
  user: { click(element: Element): Promise<void> },
  rowName: string,
  action: string,
): Promise<HTMLElement> {
  const row = rowOf(rowName);
  const toggle = row.getByRole('button', { name: texts.manageTools.actions });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  return row.getByRole('button', { name: action });
}
