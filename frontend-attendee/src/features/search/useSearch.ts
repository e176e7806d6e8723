import { useQuery } from '@tanstack/react-query';
import { API, search } from '@/lib/api';

/** GET /api/search?q=&sessionIds=a,b: ranked passages (runs when q is not blank). */
export function useSearch(q: string, sessionIds: string[]) {
  return useQuery({
    queryKey: [API.search, q, sessionIds.join(',')],
    enabled: q.trim().length > 0,
    queryFn: () => search(q.trim(), sessionIds),
  });
}
