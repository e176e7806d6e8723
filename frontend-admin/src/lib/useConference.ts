import { useQuery } from '@tanstack/react-query';
import { isTimeZone } from './conferenceTime';
import { useConsoleDataProvider } from './useConsoleDataProvider';

export const CONFERENCE_QUERY_KEY = ['conference'] as const;

/** The conference's settings (GET /api/conference). */
export function useConference() {
  const dataProvider = useConsoleDataProvider();
  return useQuery({ queryKey: CONFERENCE_QUERY_KEY, queryFn: () => dataProvider.getConference() });
}

/**
 * The zone every session time is shown and edited in: the conference's. The consoles' screens render once the
 * settings are loaded (`ConferenceZoneGate`); UTC only where they could not be.
 */
export function useConferenceTimeZone(): string {
  const zone = useConference().data?.timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
