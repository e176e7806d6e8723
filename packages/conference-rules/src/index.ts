/**
 * The rules the backend shares with both front ends, built for Node (`npm run build -w conference-rules`:
 * CommonJS in `dist/`, what the backend's `require('conference-rules')` loads). Only rules without React
 * or the DOM: the program's '9:30 AM' clock and the zone arithmetic. The front ends import every rule as
 * source through their `@rules/*` alias.
 */
export { clockLabel, clockMinutes, clockToInput, inputToClock } from './clock';
export {
  formatZonedTime,
  isoToZoneParts,
  isTimeZone,
  wallClockParts,
  zoneAbbreviation,
  zoneDateKey,
  zoneLabel,
  zoneOffsetMinutes,
  zonePartsToIso,
  type WallClockParts,
} from './zone';
