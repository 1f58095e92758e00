import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { getServerToastLibrary, getToastLibrary, subscribeToToastLibrary } from '../lib/toast';

interface AppProviderProps {
  children: ReactNode;
  /** A cache already holding what the server rendered the page from (main.tsx); else a new one. */
  queryClient?: QueryClient;
}

/** Server-state cache and toasts, as SPEC.md section 9 configures them. */
export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}

/** The toasts' container, mounted once the first toast has loaded the library (lib/toast.ts). */
function Toasts() {
  const library = useSyncExternalStore(
    subscribeToToastLibrary,
    getToastLibrary,
    getServerToastLibrary,
  );
  if (!library) return null;
  const { ToastContainer } = library;
  return (
    // At the bottom: at the top they covered the top bar's buttons (SIGN OUT, the menu) for 5 s.
    <ToastContainer
      position="bottom-right"
      autoClose={5000}
      pauseOnHover
      draggable
      draggablePercent={80}
    />
  );
}
