import { useQuery } from '@tanstack/react-query';
import type { Conference } from './types';

/** The conference's own time zone until GET /api/conference answers (the spec's conference). */
export const DEFAULT_TIME_ZONE = 'America/Denver';

/** GET /api/conference: name, dates, venue and the time zone session times are given in. */
export function useConference() {
  return useQuery<Conference>({ queryKey: ['/api/conference'] });
}
