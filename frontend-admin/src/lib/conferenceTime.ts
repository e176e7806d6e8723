/**
 * Session times in the conference's own time zone (never the browser's). The zone arithmetic and the
 * program's clock are the rules both apps share (packages/conference-rules/src/zone.ts, packages/conference-rules/src/clock.ts), re-exported
 * here for the admin screens; what only the admin needs (the settings' default and zone picker) is below.
 */
export { clockToInput, inputToClock } from '@rules/clock';
export { formatZonedTime, isoToZoneParts, isTimeZone, zoneAbbreviation, zoneLabel, zonePartsToIso } from '@rules/zone';

/** Every IANA zone the browser knows (for the settings' picker), UTC first when the browser lists it not. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes('UTC') ? all : ['UTC', ...all];
}
