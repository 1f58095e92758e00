import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { AppProvider } from './provider';
import { appRoutes } from './router';

interface AppProps {
  /** The cache seeded with the data the server rendered the page from, when it did. */
  queryClient?: QueryClient;
}

export function App({ queryClient }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      {/* Without transitions a page whose chunk is on its way shows the loading bar at once
          (layouts/page-outlet.tsx) instead of leaving the previous page up without a sign. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes routes={appRoutes} />
      </BrowserRouter>
    </AppProvider>
  );
}
