import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The demo conference content shipped in backend/demo: the program, the documents and the retrieval
 * question set. These checks guard what attendees and the retrieval quality test rely on: every
 * manifest file exists and belongs to a session, every PDF has exactly one page per source page,
 * every transcript is long and timed, and every question's answer sits at the stated page or time
 * and nowhere else.
 */
const DEMO = path.join(__dirname, '..', 'demo');
const DOCS = path.join(DEMO, 'documents');

interface DemoSession {
  slug: string;
  title: string;
  description: string;
  speakers: string[];
  tags: string[];
  format: string;
  date: string;
  day: number;
  startTime: string;
  endTime: string;
  location: string;
}
interface ManifestItem {
  sessionSlug: string;
  kind: 'transcript' | 'pdf';
  file: string;
}
interface Question {
  question: string;
  sessionSlug: string;
  kind: 'transcript' | 'pdf';
  page?: number;
  startTime?: number;
  answerContains: string;
}
/** One page of a PDF or one timed line/segment of a transcript. */
interface Unit {
  page?: number;
  start?: number | null;
  text: string;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** Page texts of the PDFs, read by pdf-parse in a separate Node process (pdfjs needs a plain runtime). */
function pdfPages(files: string[]): Record<string, string[]> {
  const script = `
    const { PDFParse } = require('pdf-parse');
    const fs = require('fs');
    (async () => {
      const out = {};
      for (const file of JSON.parse(process.argv[1])) {
        const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(file)) });
        const result = await parser.getText();
        await parser.destroy();
        out[file] = result.pages.map((p) => p.text);
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((e) => { console.error(e); process.exit(1); });`;
  const stdout = execFileSync(process.execPath, ['-e', script, JSON.stringify(files)], {
    cwd: path.join(__dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, string[]>;
}

const clock = (t: string) =>
  t
    .split(':')
    .map(Number)
    .reduce((acc, n) => acc * 60 + n, 0);

/** The timed units of a transcript in any of the shipped formats. */
function transcriptUnits(file: string): Unit[] {
  const raw = fs.readFileSync(path.join(DOCS, file), 'utf8');
  if (file.endsWith('.json')) {
    const data = JSON.parse(raw) as
      | { utterances: { start: number; text: string }[] }
      | { segments: { start: number; text: string }[] }
      | { start: number; text: string }[];
    if (Array.isArray(data)) return data.map((t) => ({ start: t.start, text: t.text }));
    if ('utterances' in data) return data.utterances.map((u) => ({ start: u.start / 1000, text: u.text }));
    return data.segments.map((s) => ({ start: s.start, text: s.text }));
  }
  const units: Unit[] = [];
  let heading: number | null = null;
  for (const line of raw.split(/\r?\n/)) {
    if (!line.trim()) continue;
    let m: RegExpExecArray | null;
    if ((m = /^\[(\d\d:\d\d:\d\d)\] (.+)$/.exec(line))) units.push({ start: clock(m[1]), text: m[2] });
    else if ((m = /^(\d{2,3}:\d\d) (.+)$/.exec(line))) units.push({ start: clock(m[1]), text: m[2] });
    else if ((m = /^.+? {2}(\d{2,3}:\d\d)$/.exec(line))) heading = clock(m[1]);
    else {
      units.push({ start: heading, text: line });
      heading = null;
    }
  }
  return units;
}

describe('demo conference content (backend/demo)', () => {
  const sessions = readJson<DemoSession[]>(path.join(DEMO, 'sessions.json'));
  const manifest = readJson<ManifestItem[]>(path.join(DOCS, 'manifest.json'));
  const questions = readJson<Question[]>(path.join(DEMO, 'questions.json'));
  const pdfItems = manifest.filter((m) => m.kind === 'pdf');
  const transcriptItems = manifest.filter((m) => m.kind === 'transcript');
  let pages: Record<string, string[]> = {};

  beforeAll(() => {
    pages = pdfPages(pdfItems.map((m) => path.join(DOCS, m.file)));
  });

  it('has a three-day program of at least 26 sessions using every format', () => {
    expect(sessions.length).toBeGreaterThanOrEqual(26);
    expect(new Set(sessions.map((s) => s.slug)).size).toBe(sessions.length);
    expect(new Set(sessions.map((s) => s.format))).toEqual(
      new Set(['keynote', 'panel', 'fireside', 'concurrent', 'roundtable', 'lightning', 'workshop']),
    );
    expect(sessions.some((s) => s.speakers.length > 2)).toBe(true);
    for (const s of sessions) {
      expect(s.title.trim()).not.toBe('');
      expect(s.description.length).toBeGreaterThan(50);
      expect(s.location.trim()).not.toBe('');
      expect(s.tags.length).toBeGreaterThan(0);
      for (const speaker of s.speakers) expect(speaker.split(', ').length).toBeGreaterThanOrEqual(3); // Name, Title, Company
      // Denver (MDT) dates on Sept 8-10, matching the day number and the displayed start time.
      expect(s.date).toMatch(/^2025-09-(08|09|10)T\d\d:\d\d:00-06:00$/);
      expect(Number(s.date.slice(8, 10)) - 7).toBe(s.day);
      const [hh, mm] = s.date.slice(11, 16).split(':').map(Number);
      expect(s.startTime).toBe(`${hh % 12 || 12}:${String(mm).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}`);
      expect(s.endTime).toMatch(/^\d{1,2}:\d\d (AM|PM)$/);
    }
  });

  it('lists existing documents of known sessions: 7+ transcripts, 6+ PDFs over 12+ sessions', () => {
    const slugs = new Set(sessions.map((s) => s.slug));
    for (const m of manifest) {
      expect(slugs.has(m.sessionSlug)).toBe(true);
      expect(['transcript', 'pdf']).toContain(m.kind);
      expect(path.basename(m.file)).toBe(m.file);
      expect(fs.existsSync(path.join(DOCS, m.file))).toBe(true);
      expect(m.kind === 'pdf' ? /\.pdf$/.test(m.file) : /\.(txt|json)$/.test(m.file)).toBe(true);
    }
    expect(transcriptItems.length).toBeGreaterThanOrEqual(7);
    expect(pdfItems.length).toBeGreaterThanOrEqual(6);
    expect(new Set(manifest.map((m) => m.sessionSlug)).size).toBeGreaterThanOrEqual(12);
    const both = [...new Set(manifest.map((m) => m.sessionSlug))].filter(
      (slug) => manifest.filter((m) => m.sessionSlug === slug).length === 2,
    );
    expect(both.length).toBeGreaterThan(0);
  });

  it('renders each PDF with exactly one page per source page (5+ pages), text on its own page', () => {
    for (const m of pdfItems) {
      const source = readJson<{ title: string; pages: { heading: string }[] }>(
        path.join(DEMO, 'pdf-src', m.file.replace(/\.pdf$/, '.json')),
      );
      const texts = pages[path.join(DOCS, m.file)];
      expect(source.pages.length).toBeGreaterThanOrEqual(5);
      expect(texts).toHaveLength(source.pages.length);
      source.pages.forEach((p, i) => {
        expect(norm(texts[i])).toContain(norm(p.heading));
        expect(norm(texts[i])).toContain(`page ${i + 1} of ${source.pages.length}`);
      });
    }
  });

  it('ships long transcripts (3,000+ words) whose every line or segment has a rising time', () => {
    for (const m of transcriptItems) {
      const units = transcriptUnits(m.file);
      // Spoken words only: a leading 'Speaker Name:' label does not count.
      const total = units.reduce((n, u) => n + words(u.text.replace(/^[^:]{1,40}:\s/, '')), 0);
      expect({ file: m.file, enough: total >= 3000 }).toEqual({ file: m.file, enough: true });
      let last = -1;
      for (const u of units) {
        expect(typeof u.start).toBe('number');
        expect(u.start as number).toBeGreaterThanOrEqual(last);
        last = u.start as number;
      }
    }
  });

  it('answers each of the 30+ questions at exactly the stated page or time, and nowhere else', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
    const docs = manifest.map((m) => ({
      ...m,
      units: m.kind === 'pdf' ? pages[path.join(DOCS, m.file)].map((text, i) => ({ page: i + 1, text }) as Unit) : transcriptUnits(m.file),
    }));
    for (const q of questions) {
      expect(q.question.endsWith('?')).toBe(true);
      const needle = norm(q.answerContains);
      const hits = docs.flatMap((d) =>
        d.units.filter((u) => norm(u.text).includes(needle)).map((u) => ({ slug: d.sessionSlug, kind: d.kind, u })),
      );
      const where = hits.map((h) => ({ slug: h.slug, kind: h.kind, at: h.kind === 'pdf' ? h.u.page : h.u.start }));
      expect({ q: q.answerContains, where }).toEqual({
        q: q.answerContains,
        where: [{ slug: q.sessionSlug, kind: q.kind, at: q.kind === 'pdf' ? q.page : q.startTime }],
      });
      // The question is a paraphrase, not the passage copied.
      expect(norm(q.question)).not.toContain(needle);
    }
  });
});
