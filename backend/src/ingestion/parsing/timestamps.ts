/** Seconds of a clock-style time: 'h:mm:ss', 'mm:ss', with optional fractions ('.500' or ',500'). */
export function clockToSeconds(value: string): number | null {
  const m = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!m) return null;
  const [, h, min, s, frac] = m;
  if (Number(s) >= 60 || (h !== undefined && Number(min) >= 60)) return null;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + (frac ? Number(`0.${frac}`) : 0);
}

/** A time value of a JSON transcript: a number (in `unit`) or a clock string. */
export function timeValue(value: unknown, unit: 'seconds' | 'milliseconds'): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    return unit === 'milliseconds' ? value / 1000 : value;
  }
  if (typeof value === 'string') {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return timeValue(Number(value), unit);
    return clockToSeconds(value);
  }
  return null;
}
