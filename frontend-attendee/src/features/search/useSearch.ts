import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import type { SearchResult } from '@/lib/types';

/** GET /api/search?q=&sessionIds=a,b: ranked passages (runs when q is not blank). */
export function useSearch(q: string, sessionIds: string[]) {
  return useQuery({
    queryKey: ['/api/search', q, sessionIds.join(',')],
    enabled: q.trim().length > 0,
    queryFn: () => {
      const params = new URLSearchParams({ q: q.trim() });
      if (sessionIds.length) params.set('sessionIds', sessionIds.join(','));
      return apiJson<{ results: SearchResult[] }>('GET', `/api/search?${params.toString()}`);
    },
  });
}
