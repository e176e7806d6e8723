import { useQuery } from '@tanstack/react-query';
import { queries } from './api';

/**
 * GET /api/conference: everything that names the conference (name, short name, dates, venue, time
 * zone, languages, suggested questions). The one source of the app's conference identity: until it
 * answers, screens show a placeholder, never another conference's name.
 */
export function useConference() {
  return useQuery(queries.conference());
}
