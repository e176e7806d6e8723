import { useQuery } from '@tanstack/react-query';
import { API, apiJson, searchUrl } from '@/lib/api';
import type { SearchResult } from '@/lib/types';

/** GET /api/search?q=&sessionIds=a,b: ranked passages (runs when q is not blank). */
export function useSearch(q: string, sessionIds: string[]) {
  return useQuery({
    queryKey: [API.search, q, sessionIds.join(',')],
    enabled: q.trim().length > 0,
    queryFn: () => apiJson<{ results: SearchResult[] }>('GET', searchUrl(q.trim(), sessionIds)),
  });
}
