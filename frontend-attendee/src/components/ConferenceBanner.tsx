import { dateRangeLabel } from '@/lib/conferenceDates';
import type { Conference } from '@/lib/types';

/**
 * The conference banner, drawn in SVG (mountains at dusk): no remote image. Its name, dates and venue
 * come from the settings; without them (still loading) the picture shows no text.
 */
export function ConferenceBanner({ conference }: { conference?: Conference }) {
  const dates = conference ? dateRangeLabel(conference) : '';
  return (
    <svg
      viewBox="0 0 800 300"
      role="img"
      aria-label={conference ? `${conference.name}, ${dates}, ${conference.venue}` : 'Conference banner'}
      aria-busy={!conference}
      className="h-auto w-full rounded-2xl shadow-xl"
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b2e4a" />
          <stop offset="0.6" stopColor="#1d5f8a" />
          <stop offset="1" stopColor="#f2a541" />
        </linearGradient>
      </defs>
      <rect width="800" height="300" fill="url(#sky)" />
      <circle cx="640" cy="215" r="46" fill="#fbbf24" opacity="0.9" />
      <g transform="translate(0 40)">
        <path d="M0 240 L120 140 L190 200 L300 90 L420 210 L520 130 L640 230 L720 170 L800 220 L800 300 L0 300 Z" fill="#0f2f47" />
        <path d="M300 90 L330 118 L312 116 L300 128 L287 114 L270 120 Z" fill="#e2e8f0" />
        <path d="M520 130 L545 152 L530 150 L520 160 L508 149 L496 152 Z" fill="#e2e8f0" />
        <path d="M0 270 L160 215 L280 255 L400 220 L560 262 L700 232 L800 258 L800 300 L0 300 Z" fill="#082135" />
      </g>
      {conference && (
        <g fill="#ffffff" fontFamily="system-ui, sans-serif">
          <text
            x="40"
            y="70"
            fontSize="34"
            fontWeight="700"
            textLength={conference.name.length > 36 ? 720 : undefined}
            lengthAdjust="spacingAndGlyphs"
          >
            {conference.name}
          </text>
          <text x="40" y="108" fontSize="22" fill="#fde68a">{`${dates} · ${conference.venue}`}</text>
        </g>
      )}
    </svg>
  );
}
