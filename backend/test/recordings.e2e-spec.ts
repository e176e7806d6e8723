import type TestAgent from 'supertest/lib/agent';
import { RECORDINGS_NEED_TRANSCRIPTION } from '../src/ai/transcription/transcription.types';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { PANEL_SRT, PANEL_SRT_CUES } from './fixtures/captions';
import { chunksOf, createSession, rawBytes, settled, uploadedFiles } from './fixtures/document-helpers';
import { wav } from './fixtures/recordings';
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
  cue('00:00:05', '00:00:40', 'Maria Lopez', 'Welcome everyone, today we look at <b>small-ticket</b> leasing volumes in the second quarter.'),
  cue('00:01:05', '00:01:50', 'John Smith', 'Our <i>telematics</i> feed reports engine hours from each excavator straight into the credit model.'),
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

    const thread = await admin.post('/api/chat/start').send({ sessionFilter: [sessionId] }).expect(200);
    const answer = await admin
      .post('/api/chat/simple')
      .send({ threadId: thread.body.id, message: 'What does the telematics feed report into the credit model?', sessionIds: [sessionId] })
      .expect(200);
    expect(answer.body.content).toContain('[01:05]');
    const source = (answer.body.sources as { marker: string; startTime?: number; documentId: string }[]).find((s) => s.marker === '[01:05]');
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
    const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'transcript').attach('file', wav([{ hz: 440, seconds: 1 }]), 'talk.wav');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a TXT or JSON file.');
  });
});
