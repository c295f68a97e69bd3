import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiProblem } from './api/client';
import { App } from './App';
import { ConfirmProvider, ToastProvider } from './ui';
import './styles.css';

const client = new QueryClient({
  defaultOptions: {
    // A problem the service answered (4xx) will not change on a retry; a network blip might.
    // Without signal a read still asks (the service worker may answer with its saved copy), and a
    // write still runs, to be refused in words rather than paused and sent later (offline/client.ts).
    queries: {
      retry: (count, error) => count < 2 && !(error instanceof ApiProblem && error.status < 500),
      refetchOnWindowFocus: true,
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'always' },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ConfirmProvider>
          <App />
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
