import { SeededSession, seedChunks } from './utils/chunk-fixture';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const REFUSAL = "The conference materials don't cover this.";

/**
 * A question may write an ordinary word with a capital ('the Real change in Sales'). The local answerer
 * refuses a question naming someone or something its passages never mention; a capitalised word the
 * materials write in lower case elsewhere is an ordinary word, not such a name.
 */
describe('capitalised words of a question that are not names', () => {
  let t: TestApp;
  let cookie: string;
  let results: SeededSession;

  beforeAll(async () => {
    t = await startTestApp();
    [results] = await seedChunks(t, [
      {
        title: 'Quarterly Results Review',
        documents: [
          {
            kind: 'pdf',
            chunks: [
              {
                page: 4,
                text: 'Components of net sales growth\nNet sales were 14,694 million in fiscal 2023 against 14,544 million in fiscal 2022. Excluding currency movements and pass-through costs, the underlying change in sales was an increase of 2% in fiscal 2023.',
              },
              {
                page: 5,
                text: 'Outlook\nManagement expects volumes to recover in the second half as customers finish reducing their inventories.',
              },
            ],
          },
        ],
      },
      {
        title: 'Equipment Market Outlook',
        documents: [
          {
            kind: 'transcript',
            chunks: [
              {
                speaker: 'Dana Whitfield',
                startTime: 30,
                text: 'Dana Whitfield: In real terms the equipment market grew slowly last year, and used trucks held their value better than anyone expected.',
              },
              {
                speaker: 'Marketing',
                startTime: 90,
                text: 'Marketing: Our marketing budget moved to trade shows, where dealers sign up on the spot.',
              },
            ],
          },
          {
            kind: 'pdf',
            chunks: [{ page: 1, text: 'Equipment Market Outlook\nSlides and the full survey: www.zorblat.com/outlook' }],
          },
        ],
      },
    ]);
    cookie = await sessionCookie(t, 'capitals@example.com', 'Cam');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string): Promise<{ content: string; sources: { sessionId: string; page: number | null }[] }> {
    return askInNewThread(t, cookie, message, [results.id]);
  }

  it('answers a question writing an ordinary word with a capital, citing the page that holds the answer', async () => {
    const answer = await ask('How much was the Real change in Sales in fiscal 2023, excluding currency movements?');
    expect(answer.content).not.toContain(REFUSAL);
    expect(answer.content).toContain('2%');
    expect(answer.sources).toEqual(expect.arrayContaining([expect.objectContaining({ sessionId: results.id, page: 4 })]));
  });

  it('still refuses a question naming someone the materials never mention, or write in lower case only in a web address', async () => {
    for (const question of [
      'How much was the change in sales Microsoft reported for fiscal 2023, excluding currency movements?',
      'How much was the Zorblat change in sales in fiscal 2023, excluding currency movements?',
    ])
      expect(await ask(question)).toEqual({ content: REFUSAL, sources: [] });
  });

  it("still refuses a question naming a transcript's speaker that the passages never mention, though the materials also write the word in lower case", async () => {
    const answer = await ask('How much was the Marketing change in sales in fiscal 2023, excluding currency movements?');
    expect(answer).toEqual({ content: REFUSAL, sources: [] });
  });
});
