import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const ADMIN = 'filing-tables-admin@example.com';

/** An invented company's annual report: prose, its statement of operations, an older summary and its balance sheet. */
const PAGES = [
  [
    'Management discussion and analysis',
    'Total revenue grew strongly over the last three years as more stores opened and service revenue rose with them.',
    'Our gross profit improved in each year, and we expect revenue to keep growing as the new stores mature.',
  ].join('\n'),
  [
    'HARBORLIGHT OUTFITTERS, INC.',
    'CONSOLIDATED STATEMENTS OF OPERATIONS',
    '(In thousands, except per share data)',
    'Year Ended December 31,',
    '2020 2019 2018',
    'Product revenue $ 1,204,118 $ 986,420 $ 811,002',
    'Service revenue 310,554 255,017 198,774',
    'Total revenue 1,514,672 1,241,437 1,009,776',
    'Cost of revenue 902,311 760,845 640,110',
    'Gross profit 612,361 480,592 369,666',
    'Net income $ 48,215 $ 31,907 $ 12,380',
  ].join('\n'),
  [
    'FIVE-YEAR SELECTED FINANCIAL DATA',
    '(In thousands)',
    '2018 2017 2016',
    'Total revenue 1,009,776 902,115 850,431',
    'Gross profit 369,666 301,520 288,004',
    'Revenue in 2019 and later is shown in the statements of operations.',
  ].join('\n'),
  [
    'CONSOLIDATED BALANCE SHEETS',
    '(In thousands)',
    'December 31, 2020 December 31, 2019',
    'Assets',
    'Cash and cash equivalents $ 402,118 $ 377,004',
    'Inventories 288,450 251,300',
    'Total assets $ 1,900,220 $ 1,702,515',
    'Liabilities',
    'Accounts payable $ 120,330 $ 110,200',
    'Deferred revenue 845,120 760,400',
    'Long-term debt 300,000 350,000',
    'Total liabilities $ 1,265,450 $ 1,220,600',
  ].join('\n'),
];

interface Answer {
  content: string;
  sources: { kind: string; marker: string; page: number | null }[];
}

/** A question naming a line item and a period gets the figure where the table's row and the period's column meet, cited to its page. */
describe('figures of a filing’s tables (POST /api/chat/message)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Harborlight Outfitters Annual Report');
    await uploadEmbedded(admin, sessionId, 'pdf', await textPdf(PAGES), 'harborlight-annual-report.pdf');
    cookie = await sessionCookie(t, 'filing-tables@example.com', 'Fay');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string): Promise<Answer> {
    return askInNewThread(t, cookie, message, [sessionId]);
  }

  /** The page cited right after `text` in the answer. */
  function pageCitedAfter(answer: Answer, text: string): number | null {
    const at = answer.content.indexOf(text);
    expect(at).toBeGreaterThanOrEqual(0);
    const marker = /\[[^\]]+\]/.exec(answer.content.slice(at + text.length))?.[0];
    return answer.sources.find((s) => s.marker === marker)?.page ?? null;
  }

  it('quotes the cell of the row and the year asked, with its unit, cited to the statement’s page', async () => {
    const answer = await ask('What was the total revenue in FY2019?');
    const first = answer.content.split('\n')[0];
    expect(first).toContain('Total revenue: $1,241,437 thousand (2019)');
    expect(pageCitedAfter(answer, '$1,241,437 thousand (2019)')).toBe(2);
  });

  it('answers the largest liability with the largest row of the liabilities, not the first row of the sheet', async () => {
    const answer = await ask('What was the largest liability on the balance sheet in 2020?');
    expect(answer.content.split('\n')[0]).toContain('Deferred revenue: $845,120 thousand (2020)');
    expect(pageCitedAfter(answer, '$845,120 thousand (2020)')).toBe(4);
  });
});
