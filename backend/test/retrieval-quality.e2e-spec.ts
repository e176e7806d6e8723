import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { ANSWER_GENERATOR } from '../src/ai/generation/generation.types';
import { LocalAnswerGenerator } from '../src/ai/generation/local-answer-generator';
import { DemoSeeder } from '../src/demo/demo.seeder';
import { CitationSet, resolveCitations } from '../src/answering/citations/citation-set';
import { RetrievalService } from '../src/retrieval/retrieval.service';
import type { Passage } from '../src/retrieval/retrieval.types';
import { startTestApp, TestApp } from './utils/test-app';

interface DemoQuestion {
  question: string;
  sessionSlug: string;
  kind: 'pdf' | 'transcript';
  page?: number;
  startTime?: number;
  answerContains: string;
}

const DEMO_DIR = path.join(__dirname, '..', 'demo');
const questions: DemoQuestion[] = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'questions.json'), 'utf8'));
const slugTitles = new Map<string, string>(
  JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'sessions.json'), 'utf8')).map((s: { slug: string; title: string }) => [s.slug, s.title]),
);
const TOP = 5;
const REQUIRED_HIT_RATE = 0.9;
/** Share of questions whose local (extractive) chat answer quotes the answering phrase itself. */
const REQUIRED_ANSWER_RATE = 0.8;

const squash = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();

/** The passage answers the question: same session and kind, and the page / time span, or the answer text itself. */
function answers(p: Passage, q: DemoQuestion): boolean {
  if (p.sessionTitle !== slugTitles.get(q.sessionSlug) || p.kind !== q.kind) return false;
  if (squash(p.text).includes(squash(q.answerContains))) return true;
  if (q.kind === 'pdf') return p.page === q.page;
  const start = p.startTime ?? Number.NaN;
  const end = p.endTime ?? Number.POSITIVE_INFINITY;
  return start <= q.startTime! + 0.5 && q.startTime! < end;
}

describe('retrieval quality on the demo conference (local provider)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
    await t.app.get(DemoSeeder).whenDocumentsHandedOver();
    const db = t.app.get(DataSource);
    const deadline = Date.now() + 150_000;
    for (;;) {
      const rows: { status: string; n: number }[] = await db.query(`SELECT status, count(*)::int AS n FROM documents GROUP BY status`);
      const pending = rows.filter((r) => r.status !== 'embedded' && r.status !== 'error').reduce((s, r) => s + r.n, 0);
      const failed = rows.find((r) => r.status === 'error');
      if (failed) throw new Error(`demo documents failed to ingest: ${JSON.stringify(rows)}`);
      if (pending === 0 && rows.length > 0) break;
      if (Date.now() > deadline) throw new Error(`demo documents not embedded in time: ${JSON.stringify(rows)}`);
      await sleep(500);
    }
  }, 200_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`has at least 25 questions, each tied to a session and a page or time`, () => {
    expect(questions.length).toBeGreaterThanOrEqual(25);
    for (const q of questions) {
      expect(slugTitles.has(q.sessionSlug)).toBe(true);
      expect(q.kind === 'pdf' ? typeof q.page : typeof q.startTime).toBe('number');
    }
  });

  it(`puts the answering passage in the top ${TOP} for at least ${REQUIRED_HIT_RATE * 100}% of the questions`, async () => {
    const retrieval = t.app.get(RetrievalService);
    const misses: string[] = [];
    let hits = 0;
    for (const q of questions) {
      const passages = await retrieval.retrieve(q.question, { k: TOP });
      const rank = passages.findIndex((p) => answers(p, q));
      if (rank >= 0) hits++;
      else {
        misses.push(
          `${q.question}\n    want ${q.sessionSlug} ${q.kind} ${q.page ?? q.startTime}\n    got ${passages
            .map((p) => `${p.sessionTitle.slice(0, 25)}|${p.kind}|${p.page ?? p.startTime}-${p.endTime ?? ''}`)
            .join('; ')}`,
        );
      }
    }
    const rate = hits / questions.length;
    // The misses are printed so a drop in quality says where.
    if (misses.length)
      console.log(`top-${TOP} hit rate ${(rate * 100).toFixed(1)}% (${hits}/${questions.length}); misses:\n${misses.join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(REQUIRED_HIT_RATE);
  });

  it(`answers at least ${REQUIRED_ANSWER_RATE * 100}% of the questions with the answering phrase itself (local extractive answerer)`, async () => {
    const retrieval = t.app.get(RetrievalService);
    const generator = t.app.get(ANSWER_GENERATOR) as LocalAnswerGenerator;
    expect(generator).toBeInstanceOf(LocalAnswerGenerator);
    const misses: string[] = [];
    for (const q of questions) {
      // The chat path: the default number of passages, markers, the answer, citations resolved.
      const citations = new CitationSet(await retrieval.retrieve(q.question));
      const answer = resolveCitations(generator.composeAnswer({ question: q.question, passages: citations.passages }), citations);
      if (!squash(answer).includes(squash(q.answerContains))) misses.push(`${q.question} (want "${q.answerContains}")`);
      // Every marker of the answer names one of its sources.
      const markers = answer.match(/\[[^\]]+\]/g) ?? [];
      for (const m of markers) expect(citations.sources().map((s) => s.marker)).toContain(m);
    }
    const rate = 1 - misses.length / questions.length;
    if (misses.length) console.log(`answer rate ${(rate * 100).toFixed(1)}%; not quoted:\n${misses.join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(REQUIRED_ANSWER_RATE);
  });
});
