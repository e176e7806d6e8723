import { useQuery } from '@tanstack/react-query';
import { allSessionsUrl, API } from '@/lib/api';
import type { Session } from '@/lib/types';

/** GET /api/sessions, with ?includeAll=true when sessions without content are shown too. */
export function useSessions(includeAll = false) {
  return useQuery<Session[]>({ queryKey: [includeAll ? allSessionsUrl : API.sessions] });
}
