import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { TermDefinitions1735000025000 } from '../src/database/migrations/1735000025000-term-definitions';
import { TermDefinitionsRepository } from '../src/ingestion/term-definitions.repository';
import { DefinitionTally } from '../src/text/acronyms';
import { createSession, settled, uploadEmbedded } from './fixtures/document-helpers';
import { textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@abbreviations.test';

/** A slide deck that defines 'fair market value (FMV)' once, then writes either form alone. */
const PAGES = [
  'Lease structures. At the end of a true lease the lessee may buy the equipment at its fair market value (FMV), renew the lease, or return the equipment.',
  'The panel agreed that the used truck market softened in the second half.',
  'Market conditions: the panel expects rates to stay high through next year.',
  'Value of a dollar buyout: the panel said customers like owning the asset at the end.',
  'The panel discussed how credit boxes tightened and what lenders want to see.',
  'Residual risk. On FMV deals the lessor keeps the residual: when trucks come back early they go to auction and the spread is thin.',
  'Market share moved to captives as banks pulled back, the panel noted.',
  'Book value and tax value differ; the panel walked through depreciation schedules.',
  'The panel compared vendor programs across the construction market.',
  'Appraisals. An independent appraiser sets the fair market value of returned excavators before remarketing them.',
  'Fair treatment of small-ticket customers came up when the panel discussed collections.',
  'The panel said the secondary market for medical equipment stayed strong.',
];
/** A panel transcript that defines 'asset-based lending (ABL)' in its first turn and writes 'ABL' alone later on. */
const LENDING = [
  'Dealers asked about lending limits on used trucks, and the panel said it would come back to that after the break.',
  'Lending to dealers slowed this spring; several lenders raised their rates twice and shortened their terms.',
  'The panel spent a while on lending to first-time buyers and what documents they need to bring.',
  'Rates for dealers with thin files went up, and lending committees now meet weekly instead of monthly.',
];
const ASIDES = [
  'The coffee break ran long and the room was cold, so the next session moved to the smaller hall.',
  'Someone asked whether the slides will be shared; they will be posted on the app tonight.',
  'We had a question from the back about parking validation, which the front desk handles.',
  'Lunch is in the atrium today, and the vegetarian table is the one by the windows.',
  'The microphone on the left kept cutting out, so we swapped it for the handheld one.',
];
const TURNS = [
  'Maria Lopez: Our bank started asset-based lending (ABL) for equipment dealers two years ago, next to the floor plan lines we already had.',
  ...[...LENDING, ...LENDING].map((text, i) => `${i % 2 ? 'Maria Lopez' : 'John Smith'}: ${text} ${text}`),
  ...ASIDES.map((text) => `Maria Lopez: ${text} ${text}`),
  'John Smith: With ABL the borrowing base moves every month with receivables and inventory, so the field exams matter more than the credit score.',
  ...ASIDES.map((text) => `Maria Lopez: ${text} ${text}`),
  ...LENDING.map((text, i) => `${i % 2 ? 'John Smith' : 'Maria Lopez'}: ${text.replace('spring', 'winter')} ${text}`),
];
const TRANSCRIPT = TURNS.map((turn, i) => `[00:${String(i * 2).padStart(2, '0')}:00] ${turn}`).join('\n');
/** The file line of the turn that only writes the short form. */
const ABL_LINE = TURNS.findIndex((turn) => turn.includes('With ABL')) + 1;

const SHORT_FORM_ONLY = 'On FMV deals the lessor keeps the residual';
const LONG_FORM_ONLY = 'An independent appraiser sets the fair market value';
/** Results looked at: the passages holding the question's own words, then the one holding the other form. */
const TOP = 3;

describe('abbreviations learned from the uploaded materials', () => {
  let t: TestApp;
  let admin: TestAgent;
  let documentId: string;
  let transcriptId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    const sessionId = await createSession(admin, 'Residuals and End-of-Term Options');
    documentId = await uploadEmbedded(admin, sessionId, 'pdf', await textPdf(PAGES), 'end-of-term.pdf');
    const panel = await createSession(admin, 'Dealer Finance Panel');
    transcriptId = await uploadEmbedded(admin, panel, 'transcript', Buffer.from(TRANSCRIPT), 'dealer-panel.txt');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The snippets of the first search results for `q` (what a results page shows above the fold), best first. */
  const snippets = async (q: string): Promise<string[]> => {
    const res = await admin.get('/api/search').query({ q });
    expect(res.status).toBe(200);
    return (res.body.results as { snippet: string }[]).slice(0, TOP).map((r) => r.snippet.replace(/\s+/g, ' '));
  };

  it('a question writing the long form finds the passage that only writes the short form', async () => {
    const found = await snippets('What did the panel say about fair market value?');
    expect(found.some((s) => s.includes(SHORT_FORM_ONLY))).toBe(true);
  });

  it('a question writing the short form finds the passage that only writes the long form', async () => {
    const found = await snippets('What did the panel say about FMV?');
    expect(found.some((s) => s.includes(LONG_FORM_ONLY))).toBe(true);
  });

  it('a question about asset-based lending finds the turn of a transcript that only says ABL', async () => {
    const res = await admin.get('/api/search').query({ q: 'What did the panel say about asset-based lending?' });
    expect(res.status).toBe(200);
    // First the turn that defines it, then the one that only says 'ABL', before those about lending in general.
    const lines = (res.body.results as { line: number | null; lineEnd: number | null }[]).slice(0, 2);
    expect(lines.some((r) => r.line !== null && r.lineEnd !== null && r.line <= ABL_LINE && ABL_LINE <= r.lineEnd)).toBe(true);
  });

  it('learns, for a run resumed by a later attempt, the definitions of the chunks an earlier attempt stored (read back) and of those it wrote (tallied)', async () => {
    const db = t.app.get(DataSource);
    const repository = t.app.get(TermDefinitionsRepository);
    const rows = () =>
      db.query(`SELECT short_form AS "shortForm", run, occurrences FROM term_definitions WHERE document_id = $1`, [transcriptId]);
    const [{ run, chunks }]: { run: number; chunks: number }[] = await db.query(
      `SELECT d.attempts AS run, (SELECT count(*)::int FROM chunks c WHERE c.document_id = d.id) AS chunks FROM documents d WHERE d.id = $1`,
      [transcriptId],
    );
    expect(await rows()).toEqual([{ shortForm: 'ABL', run, occurrences: 1 }]);
    // Every chunk stored by the earlier attempt, none written by this one: the definition comes from the database.
    await repository.learn(transcriptId, run, { from: chunks, tally: new DefinitionTally() });
    expect(await rows()).toEqual([{ shortForm: 'ABL', run, occurrences: 1 }]);
    // The chunks this attempt wrote count from its tally, not from the database.
    await repository.learn(transcriptId, run, { from: 0, tally: new DefinitionTally() });
    expect(await rows()).toEqual([]);
    const tally = new DefinitionTally();
    tally.add('Maria Lopez: Our bank started asset-based lending (ABL) for equipment dealers.');
    await repository.learn(transcriptId, run, { from: chunks, tally });
    expect(await rows()).toEqual([{ shortForm: 'ABL', run, occurrences: 2 }]);
    await repository.learn(transcriptId, run, { from: chunks, tally: new DefinitionTally() });
  });

  it('keeps the definitions of the current run of a re-processed document, learns those of documents embedded before the migration, and none of a deleted one', async () => {
    const db = t.app.get(DataSource);
    const rows = () =>
      db.query(`SELECT short_form AS "shortForm", long_form AS "longForm", run FROM term_definitions WHERE document_id = $1`, [documentId]);
    expect(await rows()).toEqual([{ shortForm: 'FMV', longForm: 'fair market value', run: 0 }]);
    expect((await admin.post(`/api/admin/ingest/${documentId}`)).status).toBe(202);
    expect((await settled(admin, documentId)).status).toBe('embedded');
    expect(await rows()).toEqual([{ shortForm: 'FMV', longForm: 'fair market value', run: 1 }]);
    expect(await snippets('What did the panel say about fair market value?')).toEqual(
      expect.arrayContaining([expect.stringContaining(SHORT_FORM_ONLY)]),
    );
    // An installation whose documents were embedded before the table existed: the migration learns theirs.
    await db.query(`DROP TABLE term_definitions`);
    const runner = db.createQueryRunner();
    await new TermDefinitions1735000025000().up(runner).finally(() => runner.release());
    expect(await rows()).toEqual([{ shortForm: 'FMV', longForm: 'fair market value', run: 1 }]);
    expect((await admin.delete(`/api/admin/documents/${documentId}`)).status).toBe(204);
    expect(await rows()).toEqual([]);
  });
});

/** A project review that defines 'project manager (PM)'. */
const REVIEW = [
  'Kickoff. The project manager (PM) owns the schedule, the vendor list and the weekly status report for the new plant.',
  'The PM moved the budget review to Friday so that the vendor quotes could come in first.',
  'Steel prices rose again and the crane rental was booked for two extra weeks.',
  'The site office moved next to the loading dock over the weekend.',
];
/** A committee hearing that defines 'prime minister (PM)', and hears a project manager too. */
const HEARING = [
  'Opening. The prime minister (PM) attended the hearing on the spending plan for schools and hospitals.',
  'The prime minister said the budget would be balanced by spring without new taxes.',
  'The PM answered questions on the school budget and on teacher pay.',
  'The project manager of the hospital wing told the committee the budget had overrun by a tenth.',
  'Members asked about rural roads and the ferry subsidy.',
];
const PRIME_MINISTER_ONLY = 'The prime minister said the budget would be balanced';
const OTHER_PROJECT_MANAGER = 'The project manager of the hospital wing';
const REVIEW_PM = 'The PM moved the budget review to Friday';

describe('an abbreviation two sessions define two ways', () => {
  let t: TestApp;
  let admin: TestAgent;
  let hearing: string;

  const upload = async (title: string, pages: string[]): Promise<string> => {
    const sessionId = await createSession(admin, title);
    await uploadEmbedded(admin, sessionId, 'pdf', await textPdf(pages), 'notes.pdf');
    return sessionId;
  };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    await upload('Plant Expansion Review', REVIEW);
    hearing = await upload('Finance Committee Hearing', HEARING);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The snippets of the first results for `q`, limited to `sessionIds` when given. */
  const snippets = async (q: string, sessionIds?: string): Promise<string[]> => {
    const res = await admin.get('/api/search').query(sessionIds ? { q, sessionIds } : { q });
    expect(res.status).toBe(200);
    return (res.body.results as { snippet: string }[]).slice(0, TOP).map((r) => r.snippet.replace(/\s+/g, ' '));
  };

  it('limited to one session, a short form is read as that session defines it, not pulled to the other meaning', async () => {
    const found = await snippets('What did the PM say about the budget?', hearing);
    expect(found.some((s) => s.includes(PRIME_MINISTER_ONLY))).toBe(true);
    expect(found.some((s) => s.includes(OTHER_PROJECT_MANAGER))).toBe(false);
  });

  it('over every session, a long form does not bring the short form another session defines otherwise', async () => {
    const found = await snippets('What did the prime minister say about the budget?');
    expect(found.some((s) => s.includes(PRIME_MINISTER_ONLY))).toBe(true);
    expect(found.some((s) => s.includes(REVIEW_PM))).toBe(false);
  });
});
