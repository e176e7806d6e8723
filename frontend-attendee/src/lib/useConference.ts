import { useQuery } from '@tanstack/react-query';
import { API } from './api';
import type { Conference } from './types';

/**
 * GET /api/conference: everything that names the conference (name, short name, dates, venue, time
 * zone, languages, suggested questions). The one source of the app's conference identity: until it
 * answers, screens show a placeholder, never another conference's name.
 */
export function useConference() {
  return useQuery<Conference>({ queryKey: [API.conference] });
}
