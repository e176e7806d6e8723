import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const ADMIN = 'facts-admin@example.com';

/** An anonymised meeting: its speakers are labels with numbers ('PERSON6'), as transcript corpora write them. */
const PLANNING = [
  'PERSON4: Okay, can everybody hear me? Good.',
  'PERSON3: So the first point is the shared task and the corpus of meeting minutes.',
  'PERSON6: I will prepare the corpus of meeting minutes for the shared task before the deadline.',
  'PERSON3: The shared task data will have three subsets of meeting minutes.',
  'PERSON4: The annotators start on March 14, 2025 with the first subset.',
].join('\n');

/** A sibling meeting that speaks of the same corpus: a question limited to the other must not quote it. */
const REVIEW = [
  'PERSON9: The corpus of meeting minutes was reviewed by two annotators last week.',
  'PERSON2: The review of the meeting minutes corpus found twelve errors in the subsets.',
  'PERSON9: I will prepare a summary of the corpus review for the shared task organisers.',
].join('\n');

/** A meeting where the words of a who question are said most by someone other than the one who takes the task. */
const LOGISTICS = [
  'PERSON2: Someone has to register our group for the spring workshop this week, the registration closes soon.',
  'PERSON5: Yes, registering the whole group for the spring workshop is the main open point.',
  'PERSON8: Okay, I can do the group registration myself tomorrow.',
  'PERSON2: Good, then the travel budget is the next point.',
].join('\n');

/** A meeting where one turn repeats a what question's words and the next names what was chosen. */
const EDITING = [
  'PERSON3: So the next point of the agenda is the collaborative editor for the deliverable documents.',
  'PERSON7: For the deliverable documents the collaborative editor is Overleaf, with the template of the project.',
  'PERSON3: Okay, good, then the review of the deliverable comes next.',
].join('\n');

/** A talk where the one figure counts nothing the question asks about, and the count is said in words. */
const RUNTIME = [
  "Ines Moreau : Dans Python 3.14, le build free-threaded n'est plus expérimental, mais il reste optionnel.",
  "Ines Moreau : L'équipe compte aujourd'hui une centaine de core developers actifs, dont une vingtaine payés pour travailler sur CPython.",
].join('\n');

/** A meeting where the fact asked is said in a short reply to a question ('Um, Friday.'), too short to be a sentence of its own. */
const DEADLINES = [
  'PERSON1: The travel grant report is the last point on the agenda for today.',
  'PERSON3: And when is the deadline for the travel grant report?',
  'PERSON1: Um, Friday.',
  'PERSON3: Okay, then I will ask the secretary about the receipts of the travel grant report.',
].join('\n');

describe('short facts first, and answers kept to the sessions chosen (POST /api/chat/simple)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let planning: string;
  let review: string;
  let logistics: string;
  let editing: string;
  let runtime: string;
  let deadlines: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    planning = await createSession(admin, 'Shared Task Planning');
    review = await createSession(admin, 'Corpus Review');
    await uploadEmbedded(admin, planning, 'transcript', Buffer.from(PLANNING), 'planning.txt');
    await uploadEmbedded(admin, review, 'transcript', Buffer.from(REVIEW), 'review.txt');
    logistics = await createSession(admin, 'Workshop Logistics');
    await uploadEmbedded(admin, logistics, 'transcript', Buffer.from(LOGISTICS), 'logistics.txt');
    runtime = await createSession(admin, 'Runtime Update');
    await uploadEmbedded(admin, runtime, 'transcript', Buffer.from(RUNTIME), 'runtime.txt');
    editing = await createSession(admin, 'Deliverable Editing');
    await uploadEmbedded(admin, editing, 'transcript', Buffer.from(EDITING), 'editing.txt');
    deadlines = await createSession(admin, 'Grant Reporting');
    await uploadEmbedded(admin, deadlines, 'transcript', Buffer.from(DEADLINES), 'deadlines.txt');
    cookie = await sessionCookie(t, 'facts@example.com', 'Fay');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function ask(
    message: string,
    sessionIds: string[],
  ): Promise<{ content: string; sources: { sessionId: string; sessionTitle: string; kind: string; marker: string }[] }> {
    return askInNewThread(t, cookie, message, sessionIds, 'simple');
  }

  it('opens a who question with the name, then the cited sentence it comes from, its speaker named once', async () => {
    const answer = await ask('Who will prepare the corpus of meeting minutes for the shared task?', [planning]);
    const first = answer.content.split('\n')[0];
    expect(first).toMatch(/^\*\*PERSON6\*\* — I will prepare the corpus of meeting minutes for the shared task before the deadline\. \[/);
    expect(answer.content).not.toMatch(/PERSON\d+:\s*(?:\*\*)?\s*PERSON\d+:/);
    expect(answer.sources.map((s) => s.marker)).toContain(/\[[^\]]+\]$/.exec(first)![0]);
  });

  it("opens a who question with the one who says they will do it, not the speaker who repeats the question's words", async () => {
    const answer = await ask('Who will register our group for the spring workshop?', [logistics]);
    const first = answer.content.split('\n')[0];
    expect(first).toMatch(/^\*\*PERSON8\*\* — I can do the group registration myself tomorrow\. \[/);
    expect(answer.sources.map((s) => s.marker)).toContain(/\[[^\]]+\]$/.exec(first)![0]);
  });

  it('opens a how-many question with the number and what it counts', async () => {
    const answer = await ask('How many subsets will the shared task data have?', [planning]);
    expect(answer.content.split('\n')[0]).toMatch(/^\*\*3 subsets\*\* — /);
  });

  it('does not open a how-many question with a figure that counts something else', async () => {
    const answer = await ask("Combien de core developers actifs compte l'équipe ?", [runtime]);
    expect(answer.content).not.toMatch(/^\*\*3\.14/);
    expect(answer.content.split('\n')[0]).toContain('une centaine de core developers actifs');
  });

  it("opens a what question with the sentence naming what was asked, not the one repeating the question's words", async () => {
    const answer = await ask('What is the collaborative editor for the deliverable documents?', [editing]);
    const first = answer.content.split('\n')[0];
    expect(first).toMatch(
      /^PERSON7: For the deliverable documents the collaborative editor is Overleaf, with the template of the project\. \[/,
    );
    expect(answer.sources.map((s) => s.marker)).toContain(/\[[^\]]+\]$/.exec(first)![0]);
  });

  it('opens a when question with the fact said in a short reply, quoting the question and the reply, each cited', async () => {
    const answer = await ask('When is the deadline for the travel grant report?', [deadlines]);
    const first = answer.content.split('\n')[0];
    expect(first).toMatch(
      /^\*\*Friday\*\* — PERSON3: When is the deadline for the travel grant report\? \[[^\]]+\] PERSON1: Friday\. \[[^\]]+\]$/,
    );
    const markers = answer.sources.map((s) => s.marker);
    for (const m of first.match(/\[[^\]]+\]/g)!) expect(markers).toContain(m);
  });

  it('with one session ticked, quotes only that session (or its program entry), though its sibling says the same', async () => {
    const answer = await ask('What was said about the corpus of meeting minutes and its review?', [planning]);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const s of answer.sources) expect(s.sessionId).toBe(planning);
    expect(answer.content).not.toContain('twelve errors');
    expect(answer.content).not.toContain('Drawn from');
  });

  it('with no session ticked, says which session it drew on, citing its passage', async () => {
    const answer = await ask('How many errors did the review of the meeting minutes corpus find?', []);
    const documents = answer.sources.filter((s) => s.kind !== 'session');
    const titles = [...new Set(documents.map((s) => s.sessionTitle))];
    expect(titles).toContain('Corpus Review');
    const last = answer.content.split('\n').pop();
    // Each session named carries the marker of its first passage the answer cites (a badge the attendee opens).
    const named = titles.map((x) => `“${x}” ${documents.find((s) => s.sessionTitle === x)!.marker}`);
    expect(last).toBe(`Drawn from: ${named.join(', ')}.`);
  });
});
