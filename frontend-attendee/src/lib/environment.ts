import { useQuery } from '@tanstack/react-query';
import { queries } from './api';

/** GET /api/environment: whether the server runs in production (then chat skips streaming). */
export function useEnvironment() {
  return useQuery(queries.environment());
}
