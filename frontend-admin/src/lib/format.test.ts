import { describe, expect, it } from 'vitest';
import {
  anyProcessing,
  daysWithUsage,
  documentStatusLabel,
  formatAverageCost,
  formatBytes,
  formatDay,
  formatEta,
  formatPercent,
  formatSessionDate,
  formatTranscription,
  formatUsd,
  formatZonedDateTime,
  ingestSummary,
  localDateStamp,
  ocrPagesNote,
  personName,
  usageSums,
  userDisplay,
} from './format';
import type { DailyCost } from './types';

describe('formatSessionDate', () => {
  it('reads Not scheduled without a date', () => {
    expect(formatSessionDate(null)).toBe('Not scheduled');
    expect(formatSessionDate('')).toBe('Not scheduled');
    expect(formatSessionDate('not a date')).toBe('Not scheduled');
  });

  it('is en-US with 12-hour time', () => {
    expect(formatSessionDate('2025-09-08T15:30:00.000Z', 'America/Denver')).toBe('Sep 8, 2025, 9:30 AM');
    expect(formatSessionDate('2025-09-09T23:05:00.000Z', 'America/Denver')).toBe('Sep 9, 2025, 5:05 PM');
  });
});

describe('formatZonedDateTime', () => {
  it("writes a moment in the conference's zone with the zone's short name", () => {
    expect(formatZonedDateTime('2026-11-22T10:00:00.000Z', 'America/Denver')).toBe('Nov 22, 2026, 3:00 AM MST');
    expect(formatZonedDateTime('2025-09-09T14:30:00.000Z', 'America/Denver')).toBe('Sep 9, 2025, 8:30 AM MDT');
    expect(formatZonedDateTime('2026-11-22T10:00:00.000Z', 'Europe/Paris')).toBe('Nov 22, 2026, 11:00 AM GMT+1');
  });

  it('is empty for no date or not a date', () => {
    expect(formatZonedDateTime(null, 'America/Denver')).toBe('');
    expect(formatZonedDateTime('soon', 'America/Denver')).toBe('');
  });
});

describe('formatBytes (PRODUCT.md §2 Export)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [3.456 * 1024 ** 3, '3.46 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d → %s', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });
});

describe('formatUsd (PRODUCT.md §2 Billing: 2 to 6 decimals)', () => {
  it.each([
    [0, '$0.00'],
    [1.5, '$1.50'],
    [12.3456, '$12.3456'],
    [0.0000025, '$0.000003'],
    [0.00012345678, '$0.000123'],
    [1234.5, '$1,234.50'],
  ])('%d → %s', (n, text) => {
    expect(formatUsd(n)).toBe(text);
  });
});

describe('formatAverageCost', () => {
  it('divides total cost by total requests', () => {
    expect(formatAverageCost(0.01, 4)).toBe('$0.0025');
    expect(formatAverageCost(3, 2)).toBe('$1.50');
  });
  it('is $0.00 without requests', () => {
    expect(formatAverageCost(0, 0)).toBe('$0.00');
    expect(formatAverageCost(5, 0)).toBe('$0.00');
  });
});

describe('usage sums and days with usage', () => {
  const day = (date: string, c: number, e: number, t: number, cost = 0, tokens = 0, rec = [0, 0, 0]): DailyCost => ({
    date,
    chatRequests: c,
    embeddingRequests: e,
    takeawayRequests: t,
    transcriptionRequests: rec[0],
    transcriptionMinutes: rec[1],
    transcriptionCost: rec[2],
    totalCost: cost,
    totalTokens: tokens,
  });
  const days = [
    day('2026-11-20', 2, 1, 0, 0.002, 100),
    day('2026-11-19', 0, 0, 0),
    day('2026-11-18', 3, 10, 1, 0.5, 900, [2, 12.5, 0.075]),
  ];
  const none = { transcriptionRequests: 0, transcriptionMinutes: 0, transcriptionCost: 0 };
  it('sums chat requests, embeddings, takeaway generations and transcription', () => {
    expect(usageSums(days)).toEqual({
      chatRequests: 5,
      embeddingRequests: 11,
      takeawayRequests: 1,
      transcriptionRequests: 2,
      transcriptionMinutes: 12.5,
      transcriptionCost: 0.075,
    });
    expect(usageSums([])).toEqual({ chatRequests: 0, embeddingRequests: 0, takeawayRequests: 0, ...none });
  });
  it('writes the transcription line with its minutes and cost', () => {
    expect(formatTranscription(usageSums(days))).toBe('2 (12.5 min, $0.075)');
    expect(formatTranscription(none)).toBe('0');
  });
  it('counts a day with only transcription as a day with usage', () => {
    expect(daysWithUsage([day('2026-11-17', 0, 0, 0, 0, 0, [1, 0.5, 0])]).map((d) => d.date)).toEqual(['2026-11-17']);
  });
  it('keeps the days that had usage, in order', () => {
    expect(daysWithUsage(days).map((d) => d.date)).toEqual(['2026-11-20', '2026-11-18']);
  });
  it('formats a calendar day without a time-zone shift', () => {
    expect(formatDay('2026-11-01')).toBe('Nov 1, 2026');
  });
});

describe('ingest summary (PRODUCT.md §2 Ingest Status)', () => {
  it('counts processing as uploaded plus chunked and percent ready to one decimal', () => {
    const docs = (['embedded', 'embedded', 'uploaded', 'chunked', 'error', 'embedded'] as const).map((status) => ({ status }));
    expect(ingestSummary(docs)).toEqual({ total: 6, ready: 3, processing: 2, errors: 1, percentReady: '50.0%' });
    expect(ingestSummary(docs.slice(0, 3)).percentReady).toBe('66.7%');
    expect(ingestSummary([]).percentReady).toBe('0.0%');
    expect(formatPercent(1, 3)).toBe('33.3%');
  });
  it('polls only while something is uploaded or chunked', () => {
    expect(anyProcessing([{ status: 'embedded' }, { status: 'error' }])).toBe(false);
    expect(anyProcessing([{ status: 'embedded' }, { status: 'uploaded' }])).toBe(true);
    expect(anyProcessing([{ status: 'chunked' }])).toBe(true);
    expect(anyProcessing(undefined)).toBe(false);
  });
  it('labels statuses', () => {
    expect(documentStatusLabel('embedded')).toBe('Ready');
    expect(documentStatusLabel('error')).toBe('Processing failed');
    expect(documentStatusLabel('uploaded')).toBe('Waiting');
    expect(documentStatusLabel('chunked')).toBe('Processing');
  });
  it('formats the ETA', () => {
    expect(formatEta(45)).toBe('45s');
    expect(formatEta(125)).toBe('2m 5s');
    expect(formatEta(3725)).toBe('1h 2m');
    expect(formatEta(null)).toBe('');
  });
});

describe('userDisplay (PRODUCT.md §2 User Analytics)', () => {
  const id = '0123456789abcdef-rest';
  it('uses first and last name, else email, else Anonymous, with the first 8 characters of the id', () => {
    expect(userDisplay({ userId: id, firstName: 'Dana', lastName: 'Reyes', email: 'd@x.com' })).toEqual({
      name: 'Dana Reyes',
      shortId: '01234567',
    });
    expect(userDisplay({ userId: id, firstName: 'Dana', lastName: '', email: 'd@x.com' }).name).toBe('Dana');
    expect(userDisplay({ userId: id, firstName: '', lastName: null, email: 'd@x.com' }).name).toBe('d@x.com');
    expect(userDisplay({ userId: id, firstName: ' ', lastName: null, email: null }).name).toBe('Anonymous');
    expect(personName({ firstName: null, lastName: null, email: '' })).toBe('Anonymous');
  });
});

describe('localDateStamp', () => {
  it('is the local date as YYYY-MM-DD', () => {
    expect(localDateStamp(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('ocrPagesNote (pages of a document read by OCR)', () => {
  it('names one page, or runs of pages', () => {
    expect(ocrPagesNote([2])).toBe('Page 2 read by OCR');
    expect(ocrPagesNote([1, 2, 3, 7, 9, 10])).toBe('Pages 1–3, 7, 9–10 read by OCR');
    expect(ocrPagesNote([5, 4])).toBe('Pages 4–5 read by OCR');
  });
  it('says nothing when no page was read by OCR', () => {
    expect(ocrPagesNote([])).toBe('');
    expect(ocrPagesNote(undefined)).toBe('');
    expect(ocrPagesNote(null)).toBe('');
  });
});
