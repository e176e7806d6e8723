import { ANONYMOUS, DISPLAYED_USER_ID_LENGTH, NOT_SCHEDULED } from '@/constants';
import { relativeTime } from '@rules/relative-time';
import { isoToZoneParts, zoneAbbreviation } from '@rules/zone';
import type { DailyCost, DocumentRecord, DocumentStatus } from './types';

/** PRODUCT.md §2: en-US with 12-hour time; unscheduled reads 'Not scheduled'. */
export function formatSessionDate(date: string | null | undefined, timeZone?: string): string {
  if (!date) return NOT_SCHEDULED;
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return NOT_SCHEDULED;
  return d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  });
}

/**
 * When a session takes place, in the conference's zone and labelled with it: 'Sep 9, 2025, 8:30 AM –
 * 9:15 AM MDT'; a date without a time of day reads 'Sep 9, 2025'; unscheduled 'Not scheduled'.
 */
export function formatSessionSchedule(
  session: { date: string | null; startTime?: string | null; endTime?: string | null },
  timeZone: string,
): string {
  const text = formatSessionDate(session.date, timeZone);
  if (text === NOT_SCHEDULED || !session.date) return text;
  const at = new Date(session.date);
  const midnight = isoToZoneParts(session.date, timeZone).time === '00:00';
  if (midnight && !session.startTime) {
    return at.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
  }
  const end = session.endTime ? ` – ${session.endTime}` : '';
  return `${text}${end} ${zoneAbbreviation(timeZone, at)}`;
}

/**
 * A moment in the conference's zone, labelled with it as session times are: 'Sep 9, 2025, 2:30 PM MDT'
 * (en-US, 12-hour); '' when absent or not a date.
 */
export function formatZonedDateTime(date: string | null | undefined, timeZone: string): string {
  if (!date) return '';
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const text = d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', hour12: true, timeZone });
  return `${text} ${zoneAbbreviation(timeZone, d)}`;
}

/** Full date and time (en-US, 12-hour). */
export function formatDateTime(date: string | null | undefined): string {
  if (!date) return '';
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', hour12: true });
}

/** Date only (en-US). */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A calendar day 'YYYY-MM-DD' as 'Nov 5, 2026', without shifting it through a time zone. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A calendar day 'YYYY-MM-DD' as 'Nov 5' (chart axis). */
export function formatShortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** PRODUCT.md §2 (User Actions): the shared relative-time rule with days under 7, dates in the conference's `timeZone`. */
export function formatRelativeTime(date: string | Date, now: Date = new Date(), timeZone?: string): string {
  return relativeTime(date, { now, timeZone, upTo: 'days' });
}

/** PRODUCT.md §2 (Export): sizes in Bytes/KB/MB/GB with 2 decimals. */
export function formatBytes(bytes: number | null | undefined): string {
  const n = Number(bytes) || 0;
  if (n <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  return `${parseFloat((n / 1024 ** i).toFixed(2))} ${units[i]}`;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});

/** PRODUCT.md §2 (Billing): USD with 2 to 6 decimals. */
export function formatUsd(amount: number | null | undefined): string {
  return usd.format(Number(amount) || 0);
}

/** PRODUCT.md §2: total cost divided by total requests, '$0.00' when there were none. */
export function formatAverageCost(totalCost: number, totalRequests: number): string {
  if (!totalRequests) return '$0.00';
  return formatUsd(totalCost / totalRequests);
}

export function formatCount(n: number | null | undefined): string {
  return (Number(n) || 0).toLocaleString('en-US');
}

export interface UsageSums {
  chatRequests: number;
  embeddingRequests: number;
  takeawayRequests: number;
  /** Not in the spec (added with recordings): transcription requests, minutes of audio and their cost. */
  transcriptionRequests: number;
  transcriptionMinutes: number;
  transcriptionCost: number;
}

/** PRODUCT.md §2 (Billing, Usage Analytics): sums over the last30Days entries. */
export function usageSums(days: DailyCost[]): UsageSums {
  const add = (a: number, b: number | undefined) => a + (Number(b) || 0);
  return days.reduce(
    (s, d) => ({
      chatRequests: add(s.chatRequests, d.chatRequests),
      embeddingRequests: add(s.embeddingRequests, d.embeddingRequests),
      takeawayRequests: add(s.takeawayRequests, d.takeawayRequests),
      transcriptionRequests: add(s.transcriptionRequests, d.transcriptionRequests),
      transcriptionMinutes: Math.round(add(s.transcriptionMinutes, d.transcriptionMinutes) * 100) / 100,
      transcriptionCost: add(s.transcriptionCost, d.transcriptionCost),
    }),
    { chatRequests: 0, embeddingRequests: 0, takeawayRequests: 0, transcriptionRequests: 0, transcriptionMinutes: 0, transcriptionCost: 0 },
  );
}

/** A transcription line: '2 (3.5 min, $0.021)', or '0'. */
export function formatTranscription(d: Pick<UsageSums, 'transcriptionRequests' | 'transcriptionMinutes' | 'transcriptionCost'>): string {
  const requests = Number(d.transcriptionRequests) || 0;
  if (!requests) return '0';
  return `${formatCount(requests)} (${(Number(d.transcriptionMinutes) || 0).toLocaleString('en-US')} min, ${formatUsd(Number(d.transcriptionCost) || 0)})`;
}

/** Days of a zero-filled range that had any AI request. */
export function daysWithUsage(days: DailyCost[]): DailyCost[] {
  return days.filter(
    (d) =>
      d.chatRequests + d.embeddingRequests + d.takeawayRequests + (d.transcriptionRequests ?? 0) > 0 ||
      d.totalTokens > 0 ||
      d.totalCost > 0,
  );
}

/** Percent to one decimal ('66.7%'); '0.0%' of nothing. */
export function formatPercent(part: number, total: number): string {
  if (!total) return '0.0%';
  return `${((part / total) * 100).toFixed(1)}%`;
}

export interface IngestSummary {
  total: number;
  ready: number;
  /** uploaded plus chunked (PRODUCT.md §2). */
  processing: number;
  errors: number;
  percentReady: string;
}

/** PRODUCT.md §2 (Ingest Status): the summary of every document's status. */
export function ingestSummary(docs: Pick<DocumentRecord, 'status'>[]): IngestSummary {
  const count = (...s: DocumentStatus[]) => docs.filter((d) => s.includes(d.status)).length;
  const ready = count('embedded');
  return {
    total: docs.length,
    ready,
    processing: count('uploaded', 'chunked'),
    errors: count('error'),
    percentReady: formatPercent(ready, docs.length),
  };
}

/** Whether any document is still being processed (the upload list polls only then). */
export function anyProcessing(docs: Pick<DocumentRecord, 'status'>[] | undefined): boolean {
  return !!docs?.some((d) => d.status === 'uploaded' || d.status === 'chunked');
}

export function documentStatusLabel(status: DocumentStatus): string {
  switch (status) {
    case 'uploaded':
      return 'Waiting';
    case 'chunked':
      return 'Processing';
    case 'embedded':
      return 'Ready';
    case 'error':
      return 'Processing failed';
  }
}

/** An ETA in seconds as '45s', '2m 5s' or '1h 3m'. */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** Page numbers as runs: [1, 2, 3, 7, 9, 10] → '1–3, 7, 9–10'. */
export function formatPageRuns(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** Which pages of a document were read by OCR: 'Page 2 read by OCR', 'Pages 1–3, 7 read by OCR', or ''. */
export function ocrPagesNote(pages: number[] | null | undefined): string {
  if (!pages?.length) return '';
  return `${pages.length === 1 ? 'Page' : 'Pages'} ${formatPageRuns(pages)} read by OCR`;
}

/**
 * PRODUCT.md §2 (User Analytics): first and last name, else email, else 'Anonymous', plus the first
 * 8 characters of the id.
 */
export function userDisplay(user: { userId: string; firstName?: string | null; lastName?: string | null; email?: string | null }): {
  name: string;
  shortId: string;
} {
  const full = [user.firstName, user.lastName]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return { name: full || user.email?.trim() || ANONYMOUS, shortId: user.userId.slice(0, DISPLAYED_USER_ID_LENGTH) };
}

/** A person's name for lists: first and last name, else the email, else 'Anonymous'. */
export function personName(u: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const full = [u.firstName, u.lastName]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return full || u.email?.trim() || ANONYMOUS;
}

/** Today's local date as YYYY-MM-DD (file names). */
export function localDateStamp(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
