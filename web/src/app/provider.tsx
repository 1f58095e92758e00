import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';

interface AppProviderProps {
  children: ReactNode;
}

/** Server-state cache and toasts, as SPEC.md section 9 configures them. */
export function AppProvider({ children }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        draggable
        draggablePercent={80}
      />
    </QueryClientProvider>
  );
}
