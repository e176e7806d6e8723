import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api';

type ErrorListener = (error: unknown) => void;
const listeners = new Set<ErrorListener>();

/** Lets a screen react to every failed query or mutation (the chat page uses it for 401s). */
export function onApiError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Passes an error from outside TanStack Query (the chat stream) to the same listeners. */
export function reportApiError(error: unknown): void {
  notify(error);
}

function notify(error: unknown): void {
  if (!isUnauthorizedError(error)) return;
  for (const l of listeners) l(error);
}

/** PRODUCT.md §9: never stale, no retries, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: notify }),
    mutationCache: new MutationCache({ onError: notify }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
