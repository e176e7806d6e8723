import { useQuery } from '@tanstack/react-query';
import { queries } from '@/lib/api';

/** GET /api/sessions, with ?includeAll=true when sessions without content are shown too. */
export function useSessions(includeAll = false) {
  return useQuery(queries.sessions(includeAll));
}
