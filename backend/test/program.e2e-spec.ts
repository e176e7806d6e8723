import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { ProgramClock } from '../src/program/program.service';
import { settled } from './fixtures/document-helpers';
import { postSse, sessionCookie } from './utils/sse-client';
import { signInPrivileged } from './utils/privileged';
import { defaultReply, FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'program-admin@example.com';

interface Source {
  kind: string;
  sessionId: string;
  sessionTitle: string;
  documentId: string;
  marker: string;
  snippet: string;
}
interface Answer {
  content: string;
  sources: Source[];
}

/** A small two-day program of its own (Sept 8-9, 2025, conference time), created through the admin API. */
const PROGRAM = {
  opening: {
    title: 'Opening Keynote: Tides of Open Data',
    format: 'keynote',
    date: '2025-09-08T09:00:00-06:00',
    endTime: '9:45 AM',
    location: 'Main Hall',
    speakers: ['Zoë Kalvāns, Chief Data Officer, Harbour Lab'],
    tags: ['open data'],
    description: 'Why open data changes harbour logistics.',
  },
  kafka: {
    title: 'Kafka Streams in Practice',
    format: 'workshop',
    date: '2025-09-08T10:00:00-06:00',
    endTime: '12:00 PM',
    location: 'B422',
    speakers: ['Marco Rossi'],
    tags: ['streaming'],
    description: 'Hands-on: build a streaming pipeline with Kafka Streams, from topics to exactly-once delivery. Bring a laptop.',
  },
  contracts: {
    title: 'Data Contracts for Teams',
    format: 'concurrent',
    date: '2025-09-08T10:00:00-06:00',
    endTime: '10:45 AM',
    location: 'B316',
    speakers: ['Aïsha Ndiaye'],
    tags: ['governance'],
    description: 'Schemas as promises between producers and consumers.',
  },
  lakes: {
    title: 'Governance for Data Lakes',
    format: 'concurrent',
    date: '2025-09-08T10:15:00-06:00',
    endTime: '11:00 AM',
    location: 'C436',
    speakers: ['Lena Fischer'],
    tags: ['governance'],
    description: 'Catalogues, lineage and access control for a lake.',
  },
  lunch: {
    title: 'Lunch Panel: Governance at Scale',
    format: 'panel',
    date: '2025-09-08T12:30:00-06:00',
    endTime: '1:30 PM',
    location: 'B316',
    speakers: ['Aïsha Ndiaye', 'Tom Berg'],
    tags: ['governance'],
    description: 'Three organisations compare how they govern data at scale.',
  },
  atelier: {
    title: 'Atelier : visualiser les marées avec Python',
    format: 'workshop',
    date: '2025-09-09T14:00:00-06:00',
    endTime: '4:25 PM',
    location: 'B422',
    speakers: ['Zoë Kalvāns'],
    tags: ['visualisation'],
    description: 'Un atelier pour tracer des données de marée avec matplotlib.',
  },
  closing: {
    title: 'Closing Keynote: Where Data Goes Next',
    format: 'keynote',
    date: '2025-09-09T16:30:00-06:00',
    endTime: '5:00 PM',
    location: 'Main Hall',
    speakers: ['Tom Berg'],
    tags: [],
    description: 'A look at the next five years of data work.',
  },
};
type Key = keyof typeof PROGRAM;

const KEYNOTE_TRANSCRIPT = `[00:00:05] Zoë Kalvāns: Good morning. Open data cut the waiting time of ships at our port by a third.
[00:00:40] Zoë Kalvāns: Publishing berth schedules every hour let carriers plan their arrivals instead of queueing.
`;

describe('the program in the assistant (local provider)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let attendee: TestAgent;
  const ids = {} as Record<Key, string>;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, CHAT_LIMIT_PER_USER: '1000' });
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'pat@example.com', firstName: 'Pat' });
    for (const [key, body] of Object.entries(PROGRAM)) {
      const res = await admin.post('/api/admin/session').send(body).expect(201);
      ids[key as Key] = res.body.id;
    }
    const upload = await admin
      .post('/api/admin/upload')
      .field('sessionId', ids.opening)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(KEYNOTE_TRANSCRIPT), { filename: 'opening.txt' })
      .expect(201);
    expect((await settled(admin, upload.body.id, 120_000)).status).toBe('embedded');
  }, 180_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  async function ask(message: string, sessionIds: string[] = [], agent = attendee): Promise<Answer> {
    const thread = await agent.post('/api/chat/start').send({ sessionFilter: sessionIds }).expect(200);
    const res = await agent.post('/api/chat/message').send({ threadId: thread.body.id, message, sessionIds }).expect(200);
    return res.body as Answer;
  }

  const cited = (a: Answer) => a.sources.filter((s) => s.kind === 'session').map((s) => s.sessionId);

  it('when: names the session, its day, date, time and room, and cites it as a session', async () => {
    const a = await ask('When is the Kafka Streams workshop?');
    expect(a.content).toContain('**Kafka Streams in Practice** — Monday, Sept 8, 10:00 AM – 12:00 PM, room B422');
    expect(a.content).toContain('[Session: Kafka Streams in Practice]');
    expect(a.sources).toEqual([
      {
        documentId: '',
        sessionId: ids.kafka,
        sessionTitle: 'Kafka Streams in Practice',
        kind: 'session',
        marker: '[Session: Kafka Streams in Practice]',
        snippet: 'Monday, Sept 8, 10:00 AM – 12:00 PM, room B422 · workshop · with Marco Rossi',
        score: 1,
      },
    ]);
  });

  it('where: the room of a session named by its format and place in the program', async () => {
    const a = await ask('Where is the closing keynote?');
    expect(a.content).toContain('Tuesday, Sept 9, 4:30 PM – 5:00 PM, Main Hall');
    expect(cited(a)).toEqual([ids.closing]);
  });

  it('who: the speakers, without their affiliation', async () => {
    const a = await ask('Who gives the data contracts talk?');
    expect(a.content).toContain('with Aïsha Ndiaye');
    expect(cited(a)).toEqual([ids.contracts]);
  });

  it('matches speakers with accents folded ("Kalvans" finds "Kalvāns")', async () => {
    const a = await ask('Which sessions does Zoe Kalvans give?');
    expect(cited(a).sort()).toEqual([ids.opening, ids.atelier].sort());
    expect(a.content).toContain('Opening Keynote: Tides of Open Data');
    expect(a.content).toContain('Tuesday, Sept 9, 2:00 PM – 4:25 PM, room B422');
  });

  it('which-list: filters by format and day exactly', async () => {
    const a = await ask('Which workshops are on Tuesday?');
    expect(cited(a)).toEqual([ids.atelier]);
    expect(a.content).not.toContain('Kafka');
    const monday = await ask('What is on in room B316 on Monday?');
    expect(cited(monday)).toEqual([ids.contracts, ids.lunch]);
  });

  it('a clock time: what starts at 10 AM on Monday', async () => {
    const a = await ask('Which sessions start at 10 AM on Monday?');
    expect(cited(a).sort()).toEqual([ids.kafka, ids.contracts].sort());
  });

  it('what-about: answers from the description', async () => {
    const a = await ask('What is the Kafka Streams workshop about?');
    expect(a.content).toContain('build a streaming pipeline');
    expect(cited(a)).toEqual([ids.kafka]);
  });

  it('how long: the duration', async () => {
    const a = await ask('How long is the Kafka Streams workshop?');
    expect(a.content).toContain('Monday, Sept 8, 10:00 AM – 12:00 PM (2 h), room B422');
  });

  it('what comes right after a session, in its room', async () => {
    const a = await ask("What comes right after Aïsha Ndiaye's data contracts talk?");
    expect(a.content).toContain('Right after **Data Contracts for Teams**');
    expect(a.content).toContain('**Lunch Panel: Governance at Scale** — Monday, Sept 8, 12:30 PM – 1:30 PM, room B316');
  });

  it('next in a room and what is on now, on the conference clock (conference time zone)', async () => {
    // 10:50 AM in Denver on Monday, Sept 8.
    const clock = jest.spyOn(t.app.get(ProgramClock), 'now').mockReturnValue(new Date('2025-09-08T16:50:00Z'));
    try {
      const next = await ask("What's next in room B316?");
      expect(next.content).toContain('Next in the program: **Lunch Panel: Governance at Scale** — Monday, Sept 8, 12:30 PM');
      expect(cited(next)).toEqual([ids.lunch]);
      const now = await ask("What's on now?");
      expect(cited(now).sort()).toEqual([ids.kafka, ids.lakes].sort());
      expect(now.content).toContain('On now (10:50 AM)');
    } finally {
      clock.mockRestore();
    }
    const after = await ask("What's next in room B316?");
    expect(after.content).toContain('The conference is over');
    expect(after.sources).toEqual([]);
  });

  it('uncovered: a topic or a person not in the program is said to be so, and nothing is invented', async () => {
    const topic = await ask('When is the talk about quantum cryptography?');
    expect(topic.content).toBe(
      "The conference materials don't cover this. “quantum cryptography” is not in the program: no session's title, speakers, tags or description match it.",
    );
    expect(topic.sources).toEqual([]);
    const person = await ask('Which sessions does Guido van Rossum give?');
    expect(person.content).toContain('“Guido van Rossum” is not in the program');
    expect(person.sources).toEqual([]);
  });

  it('selected session: "when and where is this session?" answers from its entry', async () => {
    const a = await ask('When and where is this session?', [ids.closing]);
    expect(a.content).toContain('**Closing Keynote: Where Data Goes Next** — Tuesday, Sept 9, 4:30 PM – 5:00 PM, Main Hall, with Tom Berg');
    expect(cited(a)).toEqual([ids.closing]);
  });

  it('plan my day: a short list about a topic without two sessions that overlap', async () => {
    const a = await ask('Which sessions should I attend about governance?');
    const chosen = cited(a);
    expect(chosen.length).toBeGreaterThanOrEqual(2);
    // 'Data Contracts' (10:00-10:45) and 'Governance for Data Lakes' (10:15-11:00) overlap: at most one.
    expect(chosen.filter((id) => id === ids.contracts || id === ids.lakes)).toHaveLength(1);
    expect(chosen).toContain(ids.lunch);
    expect(a.content).toContain('none overlapping another');
  });

  it('answers in the language of the question (French)', async () => {
    const a = await ask("Quand a lieu l'atelier Kafka ?");
    expect(a.content).toContain('**Kafka Streams in Practice** — lundi 8 septembre, 10:00 – 12:00, salle B422');
    const none = await ask('Quand est la conférence sur la cryptographie quantique ?');
    expect(none.content).toContain("n'est pas au programme");
    expect(none.sources).toEqual([]);
  });

  it('combines what was said (documents) with the program (when is her next talk)', async () => {
    const a = await ask('What did the opening keynote speaker say about ship waiting times, and when is her next talk?');
    const documents = a.sources.filter((s) => s.kind === 'transcript');
    expect(documents.length).toBeGreaterThan(0);
    expect(documents[0].sessionId).toBe(ids.opening);
    expect(a.content).toMatch(/by a third/);
    expect(a.content).toContain(
      "Zoë Kalvāns's next session is **Atelier : visualiser les marées avec Python** — Tuesday, Sept 9, 2:00 PM – 4:25 PM, room B422",
    );
    expect(cited(a)).toEqual([ids.atelier]);
  });

  it('streams a program answer with its session sources', async () => {
    const cookie = await sessionCookie(t, 'streamer@example.com', 'Sam');
    const threadId = (await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200)).body.id;
    const res = await postSse(t.url, '/api/chat/stream', cookie, {
      threadId,
      message: 'Where is the Kafka Streams workshop?',
      sessionIds: [],
    });
    const content = res.events
      .filter((e): e is { content: string } => typeof e === 'object' && 'content' in e)
      .map((e) => e.content)
      .join('');
    expect(content).toContain('room B422');
    const sources = res.events.find((e): e is { sources: Source[] } => typeof e === 'object' && 'sources' in e)?.sources;
    expect(sources?.map((s) => [s.kind, s.sessionId])).toEqual([['session', ids.kafka]]);
  });

  it('stays current: an edited room and a deleted session are answered at once', async () => {
    await admin
      .put(`/api/admin/session/${ids.kafka}`)
      .send({ ...PROGRAM.kafka, location: 'B420' })
      .expect(200);
    expect((await ask('Where is the Kafka Streams workshop?')).content).toContain('room B420');
    await admin.delete(`/api/admin/session/${ids.kafka}`).expect(204);
    const gone = await ask('Where is the Kafka Streams workshop?');
    expect(gone.content).toContain('not in the program');
    expect(gone.sources).toEqual([]);
  });

  it('keeps document questions on the documents', async () => {
    const a = await ask('What did Zoë Kalvāns say about berth schedules?');
    expect(a.sources.every((s) => s.kind === 'transcript')).toBe(true);
    expect(a.content).toMatch(/berth schedules/i);
  });
});

/** An invented two-day program (Saturday Oct 18 and Sunday Oct 19, 2025, conference time), imported through the super admin import. */
const WEEKEND = [
  {
    title: 'Welcome and Opening',
    format: 'keynote',
    date: '2025-10-18T09:00:00-06:00',
    endTime: '9:30 AM',
    location: 'Grand Amphi',
    speakers: ['Inès Moreau'],
  },
  {
    title: 'Rust Extensions for Python',
    date: '2025-10-18T10:00:00-06:00',
    endTime: '10:45 AM',
    location: 'Salle Tournesol',
    speakers: ['Pablo Ortega'],
  },
  {
    title: 'Testing Django Apps',
    date: '2025-10-18T10:00:00-06:00',
    endTime: '10:45 AM',
    location: 'Salle Coquelicot',
    speakers: ['Greta Vogel'],
  },
  { title: 'Lunch', date: '2025-10-18T12:00:00-06:00', endTime: '1:30 PM', location: 'Hall' },
  {
    title: 'Async Web Scraping',
    date: '2025-10-18T13:30:00-06:00',
    endTime: '2:15 PM',
    location: 'Salle Coquelicot',
    speakers: ['Pablo Ortega'],
  },
  {
    title: 'Data Pipelines with Polars',
    date: '2025-10-19T10:00:00-06:00',
    endTime: '10:45 AM',
    location: 'Salle Tournesol',
    speakers: ['Greta Vogel'],
  },
  { title: 'Closing Session', date: '2025-10-19T16:00:00-06:00', endTime: '4:30 PM', location: 'Grand Amphi' },
].map((s) => ({ format: 'concurrent', description: '', tags: [], ...s }));

describe('program questions in English, French, German and Spanish on an imported program (local provider)', () => {
  const SUPER = 'weekend-super@example.com';
  let t: TestApp;
  let superadmin: TestAgent;
  let attendee: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ SUPERADMIN_EMAILS: SUPER, CHAT_LIMIT_PER_USER: '1000' });
    superadmin = await signInPrivileged(t, SUPER);
    attendee = await signIn(t, { email: 'ines@example.com', firstName: 'Inès' });
    const imported = await superadmin.post('/api/superadmin/import-sessions').send({ sessions: WEEKEND }).expect(200);
    expect(imported.body.message).toContain('7 created');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  /** Asks each message in turn in one thread; the answers. */
  async function thread(...messages: string[]): Promise<Answer[]> {
    const started = await attendee.post('/api/chat/start').send({ sessionFilter: [] }).expect(200);
    const answers: Answer[] = [];
    for (const message of messages) {
      const res = await attendee.post('/api/chat/message').send({ threadId: started.body.id, message, sessionIds: [] }).expect(200);
      answers.push(res.body as Answer);
    }
    return answers;
  }
  const ask = async (message: string) => (await thread(message))[0];
  const titles = (a: Answer) => a.sources.filter((s) => s.kind === 'session').map((s) => s.sessionTitle);

  it('answers in the language of the question, French, German and Spanish verbs not read as topics', async () => {
    const fr = await ask("Qu'est-ce qui passe en salle Coquelicot samedi à 10h ?");
    expect(fr.content).toContain('**Testing Django Apps** — samedi 18 octobre, 10:00 – 10:45, Salle Coquelicot, avec Greta Vogel');
    const who = await ask('Qui parle de Django ?');
    expect(who.content).toContain('avec Greta Vogel');
    const de = await ask('Wann ist der Vortrag über Polars?');
    expect(de.content).toContain('**Data Pipelines with Polars** — Sonntag, 19. Oktober, 10:00 – 10:45, Salle Tournesol, mit Greta Vogel');
    const es = await ask('¿Quién habla de scraping?');
    expect(es.content).toContain('**Async Web Scraping** — sábado 18 de octubre, 13:30 – 14:15, Salle Coquelicot, con Pablo Ortega');
    expect((await ask('Um 15 Uhr am Sonntag, was läuft?')).content).toBe('Keine Session im Programm passt dazu.');
  });

  it('a talk that is not in the program: said so in the question’s language, nothing cited', async () => {
    const answers = await Promise.all(
      [
        'Is there a talk about Haskell?',
        'Y a-t-il un talk sur Haskell ?',
        'Gibt es einen Vortrag über Haskell?',
        '¿Hay una charla sobre Haskell?',
      ].map(ask),
    );
    expect(answers.map((a) => a.content)).toEqual([
      "The conference materials don't cover this. “Haskell” is not in the program: no session's title, speakers, tags or description match it.",
      "« Haskell » n'est pas au programme : aucun titre, intervenant, tag ni résumé de session n'y correspond.",
      '„Haskell“ ist nicht im Programm: Kein Titel, Referent, Tag oder Beschreibung einer Session passt dazu.',
      '«Haskell» no está en el programa: ningún título, ponente, etiqueta ni descripción de sesión coincide.',
    ]);
    expect(answers.flatMap((a) => a.sources)).toEqual([]);
  });

  it('a follow-up in one thread carries only what it points back to', async () => {
    const [room, rust, where] = await thread(
      "Qu'est-ce qui passe en salle Coquelicot samedi à 10h ?",
      'Is there a talk about Rust?',
      'Where is it?',
    );
    expect(titles(room)).toEqual(['Testing Django Apps']);
    expect(titles(rust)).toEqual(['Rust Extensions for Python']);
    expect(rust.content).not.toContain('not in the program');
    expect(where.content).toContain('**Rust Extensions for Python** — Saturday, Oct 18, 10:00 AM – 10:45 AM, Salle Tournesol');
    const [, next] = await thread('Who gives the Rust talk?', 'When is his next talk?');
    expect(next.content).toContain("Pablo Ortega's next session is **Async Web Scraping**");
  });

  it('a room the program does not have: no session there, nothing invented', async () => {
    const a = await ask('What is in Salle Violette?');
    expect(a.content).toBe('There is no session in Salle Violette.');
    expect(a.sources).toEqual([]);
    expect((await ask('¿Qué hay en la sala Z9?')).content).toBe('No hay ninguna sesión en sala Z9.');
  });

  it('after lunch in a room, the closing in French, plan my day', async () => {
    expect(titles(await ask('What is in Salle Coquelicot after lunch on Saturday?'))).toEqual(['Async Web Scraping']);
    expect(titles(await ask('À quelle heure est la clôture ?'))).toEqual(['Closing Session']);
    const plan = await ask('Plan my day on Saturday');
    expect(plan.content).toContain('none overlapping another');
    expect(titles(plan)).toContain('Welcome and Opening');
    expect(titles(plan).filter((x) => x === 'Rust Extensions for Python' || x === 'Testing Django Apps')).toHaveLength(1);
    expect(titles(await ask('Plan my day around Polars'))).toEqual(['Data Pipelines with Polars']);
  });

  it("what's next and what's on now, on a clock the test sets (conference time zone)", async () => {
    // 10:50 AM in Denver on Saturday, Oct 18.
    const clock = jest.spyOn(t.app.get(ProgramClock), 'now').mockReturnValue(new Date('2025-10-18T16:50:00Z'));
    try {
      const next = await ask("What's next?");
      expect(next.content).toContain('Next in the program: **Lunch** — Saturday, Oct 18, 12:00 PM – 1:30 PM, room Hall');
      expect(titles(next)).toEqual(['Lunch']);
      expect((await ask('Was kommt als Nächstes?')).content).toContain(
        'Als Nächstes im Programm: **Lunch** — Samstag, 18. Oktober, 12:00 – 13:30, Raum Hall',
      );
    } finally {
      clock.mockRestore();
    }
  });

  it('a session created and edited through the admin API is found by its title and its room at once', async () => {
    const body = {
      title: 'Leasing Tax Update 2026',
      date: '2025-10-19T11:00:00-06:00',
      endTime: '11:45 AM',
      location: 'Salle Lilas',
      speakers: ['Ana Ruiz'],
    };
    const created = await superadmin.post('/api/admin/session').send(body).expect(201);
    expect((await ask('When is Leasing Tax Update 2026?')).content).toContain('Sunday, Oct 19, 11:00 AM – 11:45 AM, Salle Lilas');
    await superadmin
      .put(`/api/admin/session/${created.body.id}`)
      .send({ ...body, location: 'Salle Iris' })
      .expect(200);
    expect((await ask('When is Leasing Tax Update 2026?')).content).toContain('Salle Iris');
    expect(titles(await ask('What is in Salle Iris?'))).toEqual(['Leasing Tax Update 2026']);
    expect((await ask('What is in Salle Lilas?')).content).toBe('There is no session in Salle Lilas.');
  });
});

describe('the program in the assistant (openai provider, fake OpenAI-compatible server)', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let attendee: TestAgent;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      reply: (r) => {
        const prompt = r.messages.at(-1)!.content;
        if (!prompt.includes('cite as [Session: ')) return defaultReply(r);
        return 'Kafka Streams in Practice is on Monday, Sept 8, 10:00 AM, room B422 [Session: Kafka Streams in Practice]. It is also at [Session: A Talk Nobody Gives].';
      },
    });
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl });
    const admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'olga@example.com', firstName: 'Olga' });
    for (const key of ['kafka', 'contracts'] as const) await admin.post('/api/admin/session').send(PROGRAM[key]).expect(201);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function ask(message: string): Promise<Answer> {
    const thread = await attendee.post('/api/chat/start').send({ sessionFilter: [] }).expect(200);
    return (await attendee.post('/api/chat/message').send({ threadId: thread.body.id, message, sessionIds: [] }).expect(200)).body;
  }

  it('gives the model program entries as passages with their markers, keeps real session citations and drops invented ones', async () => {
    const a = await ask('Where is the Kafka Streams workshop?');
    const prompt = fake.chatRequests.at(-1)!.messages.at(-1)!.content;
    expect(prompt).toContain(
      'Passage 1 — cite as [Session: Kafka Streams in Practice] — session "Kafka Streams in Practice" (session, Marco Rossi):\n' +
        'Kafka Streams in Practice\nMonday, Sept 8, 10:00 AM – 12:00 PM, room B422 · workshop · with Marco Rossi',
    );
    expect(fake.chatRequests.at(-1)!.messages[0].content).toContain('cited [Session: Title]');
    expect(a.content).toContain('room B422 [Session: Kafka Streams in Practice].');
    expect(a.content).not.toContain('Nobody');
    expect(a.sources.map((s) => [s.kind, s.sessionTitle])).toEqual([['session', 'Kafka Streams in Practice']]);
  });

  it('says a session that is not in the program is not, without asking the model to invent one', async () => {
    const before = fake.chatRequests.filter((r) => r.messages.at(-1)!.content.includes('Question:')).length;
    const a = await ask('When is the talk about quantum cryptography?');
    expect(a.content).toContain('is not in the program');
    expect(a.sources).toEqual([]);
    expect(fake.chatRequests.filter((r) => r.messages.at(-1)!.content.includes('Question:')).length).toBe(before);
  });
});
