import { DataSource } from 'typeorm';
import { DeferredWrites } from '../src/database/deferred-writes';
import { RetrievalService } from '../src/retrieval/retrieval.service';
import { SAMPLE_CONFERENCE, seedChunks } from './utils/chunk-fixture';
import { startTestApp, TestApp } from './utils/test-app';

/** Twelve questions of the sample conference, each searched as a question of its own. */
const QUESTIONS = [
  'What FICO floor do lenders hold for guarantors?',
  'How are residual values set for construction equipment?',
  'What did the panel say about delinquency trends?',
  'How do vendor programs win small-ticket deals?',
  'What is the outlook for equipment finance volume?',
  'How do lenders price credit risk for startups?',
  'What documents does a lender ask a borrower for?',
  'How do banks fund their leasing portfolios?',
  'What did speakers say about interest rates?',
  'How is fraud caught in equipment finance applications?',
  'What makes a good broker relationship?',
  'How do lessors handle end-of-lease returns?',
];

describe('search statements leave a connection for everything else (a burst of questions)', () => {
  let t: TestApp;
  let retrieval: RetrievalService;
  beforeAll(async () => {
    // Three connections: two searches at once, one connection kept for every other statement.
    t = await startTestApp({ DB_POOL_SIZE: '3' });
    await seedChunks(t, SAMPLE_CONFERENCE);
    retrieval = t.app.get(RetrievalService);
    // Every question's word statistics read once: each search below is then one statement.
    for (const q of QUESTIONS) await retrieval.retriever().search(q);
    // The pool's three connections opened (the pool opens them when first needed, which takes longer than a search).
    const db = t.app.get(DataSource);
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a short statement behind the searches already running, not behind the burst's queued ones", async () => {
    // Usage rows are held (as while attendees wait for first words), so the searches are the only statements.
    const end = t.app.get(DeferredWrites).wait();
    try {
      let done = 0;
      const searches = QUESTIONS.map((q) =>
        retrieval
          .retriever()
          .search(q)
          .then(() => done++),
      );
      // Once the first search is back, the burst's other searches are running or waiting.
      await Promise.race(searches);
      const before = done;
      await t.app.get(DataSource).query('SELECT 1');
      // A reply's writes or a sign-in waited for at most the searches holding connections, not for the other ten.
      expect(done - before).toBeLessThanOrEqual(3);
      await Promise.all(searches);
      expect(done).toBe(QUESTIONS.length);
    } finally {
      end();
    }
  });
});
