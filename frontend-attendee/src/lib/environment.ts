import { useQuery } from '@tanstack/react-query';
import { API } from './api';

/** GET /api/environment: whether the server runs in production (then chat skips streaming). */
export function useEnvironment() {
  return useQuery<{ isProduction: boolean }>({ queryKey: [API.environment] });
}
