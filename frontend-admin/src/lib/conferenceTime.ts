/**
 * Session times in the conference's own time zone (never the browser's). The zone arithmetic and the
 * program's clock are the rules both apps share (packages/conference-rules/src/zone.ts, packages/conference-rules/src/clock.ts), re-exported
 * here for the admin screens; what only the admin needs (the settings' default and zone picker) is below.
 */
export { clockToInput, inputToClock } from '@rules/clock';
export { formatZonedTime, isoToZoneParts, isTimeZone, zoneAbbreviation, zoneLabel, zonePartsToIso } from '@rules/zone';

/** The conference's zone until the settings say otherwise (the spec's conference is in Denver). */
export const DEFAULT_CONFERENCE_TIME_ZONE = 'America/Denver';

/** Every IANA zone the browser knows (for the settings' picker), the default first when missing. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(DEFAULT_CONFERENCE_TIME_ZONE) ? all : [DEFAULT_CONFERENCE_TIME_ZONE, ...all];
}
