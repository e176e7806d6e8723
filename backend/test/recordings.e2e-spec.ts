import fs from 'node:fs/promises';
import path from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { OpenAiTranscriber } from '../src/ai/transcription/openai-transcriber';
import type { AiUsageService, UsageRecord } from '../src/ai/usage/ai-usage.service';
import { loadConfig } from '../src/config/app-config';
import { DataSource } from 'typeorm';
import { TranscriptionUsage1735000033500 } from '../src/database/migrations/1735000033500-transcription-usage';
import { RecordingTranscripts1735000033600 } from '../src/database/migrations/1735000033600-recording-transcripts';
import { parseCaptions } from '../src/ingestion/parsing/captions.parser';
import { RECORDINGS_NEED_TRANSCRIPTION } from '../src/ai/transcription/transcription.types';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { PANEL_SRT, PANEL_SRT_CUES } from './fixtures/captions';
import { chunksOf, createSession, rawBytes, settled, settledWithProgress, uploadedFiles } from './fixtures/document-helpers';
import { longSilenceMp3, mp4With, silentVideo, wav } from './fixtures/recordings';
import { FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { S3Server, startS3Server } from './utils/s3-server';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@recordings.test';

/** A long cue (each one fills a passage of its own), at `clock`, on `topic`. */
function cue(clock: string, end: string, speaker: string, sentence: string): string {
  return `${clock}.000 --> ${end}.000 line:90%\n<v ${speaker}>${Array.from({ length: 9 }, () => sentence).join(' ')}</v>\n`;
}

/** Captions of three long turns: the second (01:05) is the only one about telematics. */
const TALK_VTT = [
  'WEBVTT\n',
  cue(
    '00:00:05',
    '00:00:40',
    'Maria Lopez',
    'Welcome everyone, today we look at <b>small-ticket</b> leasing volumes in the second quarter.',
  ),
  cue(
    '00:01:05',
    '00:01:50',
    'John Smith',
    'Our <i>telematics</i> feed reports engine hours from each excavator straight into the credit model.',
  ),
  cue('00:02:30', '00:03:10', 'Maria Lopez', 'Residual values of forklifts stayed firm and auction prices did not drop this year.'),
].join('\n');

async function uploadRecording(admin: TestAgent, sessionId: string, file: Buffer, name: string) {
  return admin.post('/api/admin/recordings').field('sessionId', sessionId).attach('file', file, name);
}

describe('captions and recordings with the local provider', () => {
  let t: TestApp;
  let admin: TestAgent;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Fleet Telematics Panel');
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes a .vtt the session transcript, every turn timed, and a chat answer about a cue cites its mm:ss time', async () => {
    const res = await uploadRecording(admin, sessionId, Buffer.from(TALK_VTT), 'talk.vtt');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'transcript', mimeType: 'text/vtt', originalFilename: 'talk.vtt', sessionId });
    const doc = await settled(admin, res.body.id);
    expect(doc).toMatchObject({ status: 'embedded', error: null });
    const chunks = await chunksOf(t, doc.id);
    expect(chunks.map((c) => [c.speaker, c.startTime])).toEqual([
      ['Maria Lopez', 5],
      ['John Smith', 65],
      ['Maria Lopez', 150],
    ]);
    expect(chunks.map((c) => c.text).join(' ')).not.toMatch(/<|line:90%/);
    // Listed in the Transcripts tab (kind transcript) with its status.
    const transcripts = (await admin.get('/api/admin/documents?kind=transcript').expect(200)).body as DocumentResponse[];
    expect(transcripts.find((d) => d.id === doc.id)?.status).toBe('embedded');

    const thread = await admin
      .post('/api/chat/start')
      .send({ sessionFilter: [sessionId] })
      .expect(200);
    const answer = await admin
      .post('/api/chat/simple')
      .send({ threadId: thread.body.id, message: 'What does the telematics feed report into the credit model?', sessionIds: [sessionId] })
      .expect(200);
    expect(answer.body.content).toContain('[01:05]');
    const source = (answer.body.sources as { marker: string; startTime?: number; documentId: string }[]).find(
      (s) => s.marker === '[01:05]',
    );
    expect(source).toMatchObject({ startTime: 65, documentId: doc.id });
  });

  it('makes a .srt the session transcript with its Name: labels and cue times', async () => {
    const res = await uploadRecording(admin, sessionId, Buffer.from(PANEL_SRT), 'panel.srt');
    expect(res.status).toBe(201);
    expect(res.body.mimeType).toBe('application/x-subrip');
    expect((await settled(admin, res.body.id)).status).toBe('embedded');
    const [chunk] = await chunksOf(t, res.body.id);
    expect(chunk).toMatchObject({ speaker: 'MARIA', startTime: 2 });
    for (const [speaker, , text] of PANEL_SRT_CUES) expect(chunk.text).toContain(speaker ? `${speaker}: ${text}` : text);
    // The original file is downloadable (Export tab).
    const download = await admin.get(`/api/admin/documents/${res.body.id}/download`).buffer(true).parse(rawBytes).expect(200);
    expect(download.body.toString()).toBe(PANEL_SRT);
  });

  it('refuses a recording without a transcription service: 400 saying what to set, nothing stored', async () => {
    const before = await uploadedFiles(t);
    const count = (await admin.get('/api/admin/documents').expect(200)).body.length;
    const res = await uploadRecording(admin, sessionId, wav([{ hz: 440, seconds: 1 }]), 'talk.wav');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RECORDINGS_NEED_TRANSCRIPTION);
    expect(res.body.message).toContain('AI_PROVIDER=openai');
    expect(await uploadedFiles(t)).toEqual(before);
    expect((await admin.get('/api/admin/documents').expect(200)).body).toHaveLength(count);
  });

  it('refuses text that is not captions, empty files and a broken .vtt with clear 400s', async () => {
    const prose = await uploadRecording(admin, sessionId, Buffer.from('Just some notes about the talk.\n'), 'notes.txt');
    expect(prose.status).toBe(400);
    expect(prose.body.message).toMatch(/not a recording or captions/);
    const empty = await uploadRecording(admin, sessionId, Buffer.alloc(0), 'empty.vtt');
    expect(empty.status).toBe(400);
    const broken = await uploadRecording(admin, sessionId, Buffer.from('00:00:01.000 --> 00:00:02.000\nHi\n'), 'broken.vtt');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/not WebVTT/);
  });

  it('leaves the spec route as it was: the Transcripts upload still takes only TXT or JSON', async () => {
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', wav([{ hz: 440, seconds: 1 }]), 'talk.wav');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a TXT or JSON file.');
  });

  it("reads a .vtt uploaded through the spec's Transcripts upload as captions: voices as speakers, cue times, no markup", async () => {
    const spec = await createSession(admin, 'Captions Through The Spec Upload');
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', spec)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(TALK_VTT), 'talk.vtt');
    expect(res.status).toBe(201);
    expect((await settled(admin, res.body.id)).status).toBe('embedded');
    const chunks = await chunksOf(t, res.body.id);
    expect(chunks.map((c) => [c.speaker, c.startTime])).toEqual([
      ['Maria Lopez', 5],
      ['John Smith', 65],
      ['Maria Lopez', 150],
    ]);
    expect(chunks.map((c) => c.text).join(' ')).not.toMatch(/<|WEBVTT|-->|line:90%/);
    const thread = await admin
      .post('/api/chat/start')
      .send({ sessionFilter: [spec] })
      .expect(200);
    const answer = await admin
      .post('/api/chat/simple')
      .send({ threadId: thread.body.id, message: 'What does the telematics feed report into the credit model?', sessionIds: [spec] })
      .expect(200);
    expect(answer.body.content).toContain('[01:05]');
    expect(answer.body.content).not.toMatch(/<v |<\/?i>/);
  });
});

describe('recordings transcribed through an OpenAI-compatible endpoint (fake server on loopback)', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let admin: TestAgent;
  let sessionId: string;
  /** Requests of the fake whose answer is a failure: set by a test, cleared after it. */
  let failing: (n: number) => number | null = () => null;
  /** The fake hears nothing (a recording without speech): set by a test, cleared after it. */
  let silent = false;
  /** What the fake hears: long sentences, so each segment fills a passage of its own and keeps its time. */
  const heard = (request: number, segment: number) =>
    `Piece ${request} segment ${segment}: ${'the lender reviews equipment values and payment history with care. '.repeat(9)}`;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ transcription: { say: (r, k) => (silent ? '' : heard(r, k)), failWith: (n) => failing(n) } });
    t = await startTestApp({
      ADMIN_EMAILS: ADMIN,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-recordings-test',
      OPENAI_BASE_URL: fake.baseUrl,
      // Pieces of at most 4 seconds: a 20-second recording is split without a large file.
      TRANSCRIPTION_PIECE_SECONDS: '4',
      RECORDING_MAX_MB: '5',
      RECORDING_MAX_HOURS: '1',
    });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Recorded Keynote');
  });
  afterEach(() => {
    failing = () => null;
    silent = false;
    fake.transcriptionRequests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('transcribes a WAV in one piece: times kept, the original downloadable, usage costed per minute in billing', async () => {
    const audio = wav([
      { hz: 440, seconds: 2 },
      { hz: 0, seconds: 0.5 },
      { hz: 660, seconds: 1 },
    ]);
    const res = await uploadRecording(admin, sessionId, audio, 'keynote.wav');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'transcript', mimeType: 'audio/wav', originalFilename: 'keynote.wav' });
    const doc = await settled(admin, res.body.id);
    expect(doc).toMatchObject({ status: 'embedded', error: null });
    expect(fake.transcriptionRequests).toEqual([
      expect.objectContaining({ model: 'whisper-1', responseFormat: 'verbose_json', status: 200 }),
    ]);
    expect(Math.abs(fake.transcriptionRequests[0].durationSeconds - 3.5)).toBeLessThan(0.15);
    const chunks = await chunksOf(t, doc.id);
    expect(chunks.map((c) => c.startTime)).toEqual([0, 2]);
    expect(chunks[1].text).toContain('Piece 1 segment 1');

    const download = await admin.get(`/api/admin/documents/${doc.id}/download`).buffer(true).parse(rawBytes).expect(200);
    expect(Buffer.compare(download.body as Buffer, audio)).toBe(0);
    expect(download.headers['content-type']).toBe('audio/wav');

    const usage = await admin.get('/api/admin/openai-usage').expect(200);
    const today = usage.body.last30Days[0];
    // Billed by the seconds of recording sent (3.5 s), whisper-1 at $0.006 a minute.
    expect(today.transcriptionRequests).toBe(1);
    expect(today.transcriptionMinutes).toBe(0.06);
    expect(today.transcriptionCost).toBeCloseTo((3.5 / 60) * 0.006, 8);
    expect(today.totalCost).toBeGreaterThanOrEqual(today.transcriptionCost);

    // Re-processing reads the transcription kept with the document: the service is not paid again.
    await admin.post(`/api/admin/ingest/${doc.id}`).expect(202);
    const again = await settled(admin, doc.id);
    expect(again).toMatchObject({ status: 'embedded', version: doc.version + 1 });
    expect(fake.transcriptionRequests).toHaveLength(1);
    expect((await chunksOf(t, doc.id)).map((c) => [c.startTime, c.text])).toEqual(chunks.map((c) => [c.startTime, c.text]));
  });

  it('takes the audio out of an MP4 video and stores the video as it came', async () => {
    const video = await mp4With(wav([{ hz: 500, seconds: 3 }]));
    const res = await uploadRecording(admin, sessionId, video, 'talk.mp4');
    expect(res.status).toBe(201);
    expect(res.body.mimeType).toBe('video/mp4');
    expect((await settled(admin, res.body.id)).status).toBe('embedded');
    expect(fake.transcriptionRequests).toHaveLength(1);
    expect((await chunksOf(t, res.body.id)).map((c) => c.startTime)).toEqual([0, 2]);
    const download = await admin.get(`/api/admin/documents/${res.body.id}/download`).buffer(true).parse(rawBytes).expect(200);
    expect(Buffer.compare(download.body as Buffer, video)).toBe(0);
  });

  it('splits a long recording on its silences, each piece under the limit, and moves every time by where its piece starts', async () => {
    // 3 s tone, 1 s silence, repeated: 20 s, cut in the silences (pieces of at most 4 s).
    const stretches = Array.from({ length: 5 }, (_, i) => [
      { hz: 300 + 100 * i, seconds: 3 },
      { hz: 0, seconds: 1 },
    ]).flat();
    const res = await uploadRecording(admin, sessionId, wav(stretches), 'long.wav');
    expect(res.status).toBe(201);
    const { doc, seen } = await settledWithProgress(admin, res.body.id, 60_000, 20);
    expect(doc.status).toBe('embedded');
    // Cut in the middle of each silence (3.5, 7.5, 11.5, 15.5 s); the 0.5 s left after the last silence's
    // middle (19.5 s) joins the last piece instead of being sent alone.
    const lengths = fake.transcriptionRequests.map((r) => r.durationSeconds);
    expect(lengths).toHaveLength(5);
    [3.5, 4, 4, 4, 4.5].forEach((l, i) => expect(Math.abs(lengths[i] - l)).toBeLessThan(0.15));
    // The fake hears a segment every 2 s of each piece; each time is moved by its piece's start.
    const expected = [0, 2, 3.5, 5.5, 7.5, 9.5, 11.5, 13.5, 15.5, 17.5, 19.5];
    const starts = (await chunksOf(t, doc.id)).map((c) => c.startTime ?? -1);
    expect(starts).toHaveLength(expected.length);
    starts.forEach((s, i) => expect(Math.abs(s - expected[i])).toBeLessThan(0.05));
    const texts = (await chunksOf(t, doc.id)).map((c) => c.text.slice(0, 20));
    expect(texts[2]).toBe('Piece 2 segment 0: t');
    // Progress per piece, as for PDFs: 'Transcribing n/5', with the time left once a piece is done.
    const transcribing = seen.filter((d) => /^Transcribing [1-5]\/5$/.test(d.progressStage ?? ''));
    expect(transcribing.length).toBeGreaterThan(0);
    const later = transcribing.filter((d) => !d.progressStage!.startsWith('Transcribing 1/'));
    expect(later.length).toBeGreaterThan(0);
    for (const d of later) expect(d.estimatedTimeRemaining).toEqual(expect.any(Number));
    const percents = transcribing.map((d) => d.progressPercent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('retries a failing piece, then ends in error with the reason and no chunks', async () => {
    // Request 1 (piece 1) passes, every later one fails with 500: piece 2 is tried three times.
    failing = (n) => (n >= 2 ? 500 : null);
    const res = await uploadRecording(
      admin,
      sessionId,
      wav([
        { hz: 440, seconds: 3 },
        { hz: 0, seconds: 1 },
        { hz: 550, seconds: 3 },
      ]),
      'flaky.wav',
    );
    expect(res.status).toBe(201);
    const doc = await settled(admin, res.body.id);
    expect(doc.status).toBe('error');
    expect(doc.error).toMatch(
      /^Transcribing piece 2 of 2 of the recording failed after 3 attempts: HTTP 500: Fake failure of request 4\.$/,
    );
    expect(fake.transcriptionRequests.map((r) => r.status)).toEqual([200, 500, 500, 500]);
    expect(await chunksOf(t, doc.id)).toEqual([]);
  });

  it('never marks an empty transcript ready: a recording in which the service hears no speech ends in error', async () => {
    silent = true;
    const res = await uploadRecording(admin, sessionId, wav([{ hz: 0, seconds: 3 }]), 'silence.wav');
    expect(res.status).toBe(201);
    const doc = await settled(admin, res.body.id);
    expect(doc).toMatchObject({
      status: 'error',
      error: 'The transcription service found no speech in this recording: there is no text to index.',
    });
    expect(await chunksOf(t, doc.id)).toEqual([]);
  });

  it('does not retry a piece the service refuses for good (a 4xx other than 408 and 429)', async () => {
    failing = () => 400;
    const res = await uploadRecording(admin, sessionId, wav([{ hz: 440, seconds: 2 }]), 'refused.wav');
    expect(res.status).toBe(201);
    const doc = await settled(admin, res.body.id);
    expect(doc).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^Transcribing piece 1 of 1 of the recording failed after 1 attempt: HTTP 400: /),
    });
    expect(fake.transcriptionRequests.map((r) => r.status)).toEqual([400]);
  });

  it('refuses media without audio, zero length, over the duration and over the size with clear 400s, storing nothing', async () => {
    const before = await uploadedFiles(t);
    const noAudio = await uploadRecording(admin, sessionId, await silentVideo(1), 'slides.mp4');
    expect(noAudio.status).toBe(400);
    expect(noAudio.body.message).toBe('This recording has no audio track: there is nothing to transcribe.');
    const zero = await uploadRecording(admin, sessionId, wav([]), 'zero.wav');
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('This recording has zero length: there is nothing to transcribe.');
    const long = await uploadRecording(admin, sessionId, await longSilenceMp3(3700), 'all-day.mp3');
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('This recording is 1 h 01 min long; recordings up to 1 hours are accepted (RECORDING_MAX_HOURS).');
    const big = await uploadRecording(admin, sessionId, wav([{ hz: -1, seconds: 170 }]), 'big.wav');
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Please select a recording smaller than 5 MB (RECORDING_MAX_MB).');
    const pdf = await uploadRecording(admin, sessionId, Buffer.from('%PDF-1.4\n%\xff\xff\n1 0 obj\n<<>>\nendobj\n', 'latin1'), 'deck.pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toMatch(/not a recording or captions/);
    expect(await uploadedFiles(t)).toEqual(before);
    expect(fake.transcriptionRequests).toEqual([]);
  });

  it('reads the answers of servers that give json, srt or vtt instead of verbose_json', async () => {
    const config = loadConfig(
      { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', TRANSCRIPTION_BASE_URL: fake.baseUrl },
      { dataDir: t.dataDir, sessionSecret: 'x'.repeat(32) },
    );
    const recorded: UsageRecord[] = [];
    const usage = {
      record: async (u: UsageRecord) => void recorded.push(u),
      assertWithinBudget: async () => undefined,
    } as unknown as AiUsageService;
    const piece = path.join(t.dataDir, 'piece.wav');
    await fs.writeFile(piece, wav([{ hz: 440, seconds: 3 }]));
    for (const format of ['srt', 'vtt', 'json'] as const) {
      const other = await startFakeOpenAi({ transcription: { forceFormat: format, say: (_, k) => `Line ${k}` } });
      try {
        const sut = new OpenAiTranscriber(
          loadConfig(
            { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', TRANSCRIPTION_BASE_URL: other.baseUrl },
            { dataDir: t.dataDir, sessionSecret: config.sessionSecret },
          ),
          usage,
        );
        const result = await sut.transcribe(piece, 3);
        if (format === 'json') expect(result).toEqual({ kind: 'text', text: 'Line 0 Line 1' });
        else {
          expect(result.kind).toBe('captions');
          expect((await parseCaptions((result as { text: string }).text, format)).map((s) => [s.start, s.text])).toEqual([
            [0, 'Line 0'],
            [2, 'Line 1'],
          ]);
        }
      } finally {
        await other.close();
      }
    }
    expect(recorded.map((r) => [r.kind, r.model, r.audioSeconds])).toEqual(Array(3).fill(['transcription', 'whisper-1', 3]));
  });

  it('migrations down and up again: transcription rows go with the kind, kept transcripts with their columns', async () => {
    const q = t.app.get(DataSource).createQueryRunner();
    try {
      await new RecordingTranscripts1735000033600().down(q);
      await new TranscriptionUsage1735000033500().down(q);
      expect(await q.query(`SELECT count(*)::int AS n FROM ai_usage WHERE kind = 'transcription'`)).toEqual([{ n: 0 }]);
      await expect(
        q.query(`INSERT INTO ai_usage (kind, provider, model) VALUES ('transcription', 'openai', 'whisper-1')`),
      ).rejects.toThrow();
      await new TranscriptionUsage1735000033500().up(q);
      await new RecordingTranscripts1735000033600().up(q);
      await q.query(`INSERT INTO ai_usage (kind, provider, model, audio_seconds) VALUES ('transcription', 'openai', 'whisper-1', 60)`);
      expect(await q.query(`SELECT count(*)::int AS n FROM documents WHERE transcript IS NOT NULL`)).toEqual([{ n: 0 }]);
    } finally {
      await q.release();
    }
  });

  it('answers 413 over 25 MB, as OpenAI does', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(26 * 1024 * 1024)]), 'huge.mp3');
    form.append('model', 'whisper-1');
    const res = await fetch(`${fake.baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
    expect(res.status).toBe(413);
  });
});

describe('a recording kept in object storage (S3_BUCKET, s3rver on loopback)', () => {
  let s3: S3Server;
  let fake: FakeOpenAi;
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    s3 = await startS3Server('recordings-test');
    fake = await startFakeOpenAi();
    t = await startTestApp({
      ADMIN_EMAILS: ADMIN,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-s3',
      OPENAI_BASE_URL: fake.baseUrl,
      ...s3.env,
    });
    admin = await signInPrivileged(t, ADMIN);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await s3.close();
  });

  it('stores the video as an object, transcribes it from there and serves it back byte for byte', async () => {
    const sessionId = await createSession(admin, 'Stored Keynote');
    const video = await mp4With(wav([{ hz: 440, seconds: 3 }]));
    const res = await uploadRecording(admin, sessionId, video, 'keynote.mp4');
    expect(res.status).toBe(201);
    expect(await s3.keys()).toEqual([`uploads/${res.body.storagePath}`]);
    expect(await uploadedFiles(t)).toEqual([]);
    expect((await settled(admin, res.body.id)).status).toBe('embedded');
    expect(fake.transcriptionRequests).toHaveLength(1);
    const download = await admin.get(`/api/admin/documents/${res.body.id}/download`).buffer(true).parse(rawBytes).expect(200);
    expect(Buffer.compare(download.body as Buffer, video)).toBe(0);
  });
});
