import { useQuery } from '@tanstack/react-query';

/** GET /api/environment: whether the server runs in production (then chat skips streaming). */
export function useEnvironment() {
  return useQuery<{ isProduction: boolean }>({ queryKey: ['/api/environment'] });
}
