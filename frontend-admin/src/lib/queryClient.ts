import { QueryClient } from '@tanstack/react-query';

/** PRODUCT.md §9: data never stale, no automatic retry, no refetch on window focus, no polling by default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}
