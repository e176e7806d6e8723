import fs from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { SessionsRepository } from '../src/sessions/sessions.repository';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@sessions.test';

describe('sessions (GET /api/sessions, /api/admin/session)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let attendee: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'ana@example.com', firstName: 'Ana' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db.query(`DELETE FROM sessions`);
  });

  /** A document row (and optionally a chunk) written with SQL, as the documents module would. */
  // Documents get increasing creation times: two quick inserts can share a timestamp on the
  // embedded clock, and the listed order must not depend on the random ids then.
  let added = 0;
  async function addDocument(
    sessionId: string,
    kind: 'transcript' | 'pdf',
    status: string,
    storagePath = `${sessionId}/${kind}-${status}`,
  ) {
    const [{ id }] = await db.query(
      `INSERT INTO documents (session_id, kind, original_filename, storage_path, mime_type, bytes, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 10, $6, now() - interval '1 day' + make_interval(secs => $7)) RETURNING id`,
      [
        sessionId,
        kind,
        `${kind}-${status}.${kind === 'pdf' ? 'pdf' : 'txt'}`,
        storagePath,
        kind === 'pdf' ? 'application/pdf' : 'text/plain',
        status,
        added++,
      ],
    );
    return id as string;
  }

  async function create(body: object) {
    const res = await admin.post('/api/admin/session').send(body);
    expect(res.status).toBe(201);
    return res.body;
  }

  describe('access', () => {
    it('answers 401 to signed-out visitors', async () => {
      await request(t.url).get('/api/sessions').expect(401, { message: 'Unauthorized' });
      await request(t.url).post('/api/admin/session').send({ title: 'x' }).expect(401);
      await request(t.url).put('/api/admin/session/00000000-0000-0000-0000-000000000000').send({ title: 'x' }).expect(401);
      await request(t.url).delete('/api/admin/session/00000000-0000-0000-0000-000000000000').expect(401);
    });

    it('answers 403 to attendees on admin routes and on ?admin=true', async () => {
      const { id } = await create({ title: 'Kept' });
      const forbidden = { message: 'You do not have permission to do this.' };
      await attendee.post('/api/admin/session').send({ title: 'x' }).expect(403, forbidden);
      await attendee.put(`/api/admin/session/${id}`).send({ title: 'x' }).expect(403, forbidden);
      await attendee.delete(`/api/admin/session/${id}`).expect(403, forbidden);
      await attendee.get('/api/sessions?admin=true').expect(403, forbidden);
      const [{ title }] = await db.query(`SELECT title FROM sessions WHERE id = $1`, [id]);
      expect(title).toBe('Kept');
    });
  });

  describe('POST /api/admin/session', () => {
    it('creates a session, trims and splits lists, derives day and start time from the date', async () => {
      const body = await create({
        title: '  Lender Credit Criteria  ',
        speakers: ' Ana Ruiz, , Bo Lee ,',
        tags: ['credit ', '', ' risk'],
        date: '2025-09-09T10:15:00-06:00',
        format: 'Fireside Chat',
        location: ' Ballroom A ',
        description: 'How lenders decide.',
      });
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Lender Credit Criteria',
        description: 'How lenders decide.',
        speakers: ['Ana Ruiz', 'Bo Lee'],
        tags: ['credit', 'risk'],
        format: 'fireside',
        date: '2025-09-09T16:15:00.000Z',
        day: 2,
        startTime: '10:15 AM',
        endTime: null,
        location: 'Ballroom A',
        externalId: null,
        documentsCount: 0,
        hasDocuments: false,
        documentTypes: [],
        contentStatus: 'none',
        documents: [],
      });
      const all = await attendee.get('/api/sessions?includeAll=true').expect(200);
      expect(all.body.map((s: { title: string }) => s.title)).toEqual(['Lender Credit Criteria']);
    });

    it('applies the defaults: format panel, empty speakers and tags, no date', async () => {
      const body = await create({ title: 'Bare' });
      expect(body).toMatchObject({
        title: 'Bare',
        format: 'panel',
        speakers: [],
        tags: [],
        date: null,
        day: null,
        startTime: null,
        endTime: null,
        location: null,
        description: '',
      });
      const nulls = await create({ title: 'Nulls', speakers: null, tags: '', date: null, format: '' });
      expect(nulls).toMatchObject({ format: 'panel', speakers: [], tags: [], date: null });
    });

    it('keeps an explicit day and times, and reads a date without offset as Denver time', async () => {
      const body = await create({ title: 'T', date: '2025-09-10T08:00', day: 3, startTime: '8:05am', endTime: '13:30' });
      expect(body).toMatchObject({ date: '2025-09-10T14:00:00.000Z', day: 3, startTime: '8:05 AM', endTime: '1:30 PM' });
    });

    it.each([
      ['Title is required.', {}],
      ['Title is required.', { title: '   ' }],
      ['Title is required.', { title: 42 }],
      ['Title must be at most 300 characters.', { title: 'x'.repeat(301) }],
      ['Date must be a valid ISO 8601 date (for example 2025-09-08T09:30:00-06:00) or empty.', { title: 'T', date: 'next Tuesday' }],
      ['Date must be a valid ISO 8601 date (for example 2025-09-08T09:30:00-06:00) or empty.', { title: 'T', date: '2025-02-30' }],
      [
        'Format must be one of: keynote, panel, fireside, concurrent, roundtable, lightning, workshop.',
        { title: 'T', format: 'cooking show' },
      ],
      ['Speakers must be a list of names or a comma-separated string.', { title: 'T', speakers: 7 }],
      ['Tags must be a list of words or a comma-separated string.', { title: 'T', tags: [{ a: 1 }] }],
      ['Day must be a whole number from 1 (Sept 8, 2025).', { title: 'T', day: 0 }],
      ['Day must be a whole number from 1 (Sept 8, 2025).', { title: 'T', day: 1.5 }],
      ['Start time must look like 9:30 AM.', { title: 'T', startTime: 'noon' }],
      ['End time must look like 10:15 AM.', { title: 'T', endTime: '25:00' }],
    ])('answers 400 %s', async (message: string, payload: object) => {
      await admin.post('/api/admin/session').send(payload).expect(400, { message });
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM sessions`);
      expect(n).toBe(0);
    });
  });

  describe('PUT /api/admin/session/:id', () => {
    it('updates the given fields and keeps the ones left out', async () => {
      const s = await create({
        title: 'Old',
        speakers: 'A',
        tags: 'x',
        date: '2025-09-08T09:00:00-06:00',
        format: 'keynote',
        location: 'Hall',
        endTime: '10:00 AM',
        description: 'd',
      });
      const res = await admin
        .put(`/api/admin/session/${s.id}`)
        .send({ title: ' New ', speakers: 'A, B', tags: [], date: '2025-09-09T13:30:00-06:00', format: 'Round table' })
        .expect(200);
      expect(res.body).toMatchObject({
        id: s.id,
        title: 'New',
        speakers: ['A', 'B'],
        tags: [],
        format: 'roundtable',
        date: '2025-09-09T19:30:00.000Z',
        day: 2,
        startTime: '1:30 PM',
        endTime: '10:00 AM',
        location: 'Hall',
        description: 'd',
        documents: [],
      });
      const cleared = await admin.put(`/api/admin/session/${s.id}`).send({ title: 'New', date: null, location: '' }).expect(200);
      expect(cleared.body).toMatchObject({ date: null, day: 2, location: null, format: 'roundtable' });
    });

    it('leaves speakers exactly as they were when the console sends the unchanged session back, twice', async () => {
      const speakers = ['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee; CFO, Acme', '  Ana  Ruiz (she/her) '];
      const s = await create({ title: 'Residual Values', speakers, tags: ['credit, risk', 'leasing'] });
      for (let round = 0; round < 2; round++) {
        const listed = (await admin.get('/api/sessions?admin=true').expect(200)).body.find((x: { id: string }) => x.id === s.id);
        const res = await admin.put(`/api/admin/session/${s.id}`).send(listed).expect(200);
        expect(res.body.speakers).toEqual([
          'Dana Whitfield, Chief Economist, Keystone Leasing Research',
          'Bo Lee; CFO, Acme',
          'Ana  Ruiz (she/her)',
        ]);
        expect(res.body.tags).toEqual(['credit, risk', 'leasing']);
      }
    });

    it('reads speakers typed one per line as one speaker per line, commas and all', async () => {
      const s = await create({ title: 'Lines', speakers: 'Dana Whitfield, Chief Economist, Keystone Leasing Research\nBo Lee\r\n' });
      expect(s.speakers).toEqual(['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee']);
      const res = await admin.put(`/api/admin/session/${s.id}`).send({ title: 'Lines', speakers: 'Cy Diaz, PhD\nAna Ruiz' }).expect(200);
      expect(res.body.speakers).toEqual(['Cy Diaz, PhD', 'Ana Ruiz']);
    });

    it('edits every field of a session: room, end time, day, description, tags, format, date, start time, speakers', async () => {
      const s = await create({ title: 'Before' });
      const res = await admin
        .put(`/api/admin/session/${s.id}`)
        .send({
          title: 'After',
          speakers: ['Ana Ruiz'],
          tags: ['credit'],
          format: 'workshop',
          date: '2025-09-10T10:00',
          day: 3,
          startTime: '10:15 AM',
          endTime: '11:45 AM',
          location: 'Room B422',
          description: 'What the workshop covers.',
        })
        .expect(200);
      const expected = {
        title: 'After',
        speakers: ['Ana Ruiz'],
        tags: ['credit'],
        format: 'workshop',
        date: '2025-09-10T16:00:00.000Z',
        day: 3,
        startTime: '10:15 AM',
        endTime: '11:45 AM',
        location: 'Room B422',
        description: 'What the workshop covers.',
      };
      expect(res.body).toMatchObject(expected);
      expect((await attendee.get(`/api/sessions/${s.id}`).expect(200)).body).toMatchObject(expected);
      await admin
        .put(`/api/admin/session/${s.id}`)
        .send({ title: 'After', description: 'x'.repeat(10_001) })
        .expect(400, { message: 'Description must be at most 10,000 characters.' });
      await admin
        .put(`/api/admin/session/${s.id}`)
        .send({ title: 'After', description: 'x'.repeat(10_000) })
        .expect(200);
    });

    it('reads a date without offset in the conference time zone, and counts days from its first day', async () => {
      await admin
        .put('/api/admin/conference')
        .send({ timeZone: 'Europe/Paris', startDate: '2025-11-01', endDate: '2025-11-02' })
        .expect(200);
      try {
        const s = await create({ title: 'Paris talk', date: '2025-11-02T14:00' });
        expect(s).toMatchObject({ date: '2025-11-02T13:00:00.000Z', day: 2, startTime: '2:00 PM' });
      } finally {
        await admin
          .put('/api/admin/conference')
          .send({ timeZone: 'America/Denver', startDate: '2025-09-08', endDate: '2025-09-10' })
          .expect(200);
      }
    });

    it('answers 404 for an unknown session and 400 for invalid input', async () => {
      await admin
        .put('/api/admin/session/00000000-0000-0000-0000-000000000000')
        .send({ title: 'x' })
        .expect(404, { message: 'Session not found.' });
      await admin.put('/api/admin/session/not-a-uuid').send({ title: 'x' }).expect(404, { message: 'Session not found.' });
      const s = await create({ title: 'Stays' });
      await admin.put(`/api/admin/session/${s.id}`).send({ title: '' }).expect(400, { message: 'Title is required.' });
      await admin.put(`/api/admin/session/${s.id}`).send({ title: 'x', date: '2025-13-01' }).expect(400);
      const [{ title }] = await db.query(`SELECT title FROM sessions WHERE id = $1`, [s.id]);
      expect(title).toBe('Stays');
    });
  });

  describe('per-item length limits (third review, F6)', () => {
    it('refuses a speaker or a tag over 200 characters and a location over 300 with a clear 400', async () => {
      const long = (n: number) => 'x'.repeat(n);
      await admin
        .post('/api/admin/session')
        .send({ title: 'Long speaker', speakers: ['Ada', long(201)] })
        .expect(400, { message: 'Each speaker must be at most 200 characters.' });
      await admin
        .post('/api/admin/session')
        .send({ title: 'Long tag', tags: `a, ${long(201)}` })
        .expect(400, { message: 'Each tag must be at most 200 characters.' });
      await admin
        .post('/api/admin/session')
        .send({ title: 'Long room', location: long(301) })
        .expect(400, { message: 'Location must be at most 300 characters.' });
      const ok = await create({ title: 'At the limits', speakers: [long(200)], tags: [long(200)], location: long(300) });
      expect(ok.speakers).toEqual([long(200)]);
    });
  });

  describe('DELETE /api/admin/session/:id', () => {
    it('deletes the session with its documents, chunks and uploaded files', async () => {
      const s = await create({ title: 'Doomed' });
      const other = await create({ title: 'Other' });
      // Stored files are named by generated keys (`<uuid>.<ext>`), as uploads name them.
      const storagePath = `${s.id}.txt`;
      const otherPath = `${other.id}.txt`;
      for (const p of [storagePath, otherPath]) {
        await fs.mkdir(path.dirname(path.join(t.config.uploadsDir, p)), { recursive: true });
        await fs.writeFile(path.join(t.config.uploadsDir, p), 'hello');
      }
      const docId = await addDocument(s.id, 'transcript', 'embedded', storagePath);
      await addDocument(other.id, 'transcript', 'embedded', otherPath);
      await db.query(
        `INSERT INTO chunks (document_id, session_id, chunk_index, text, embedding)
         VALUES ($1, $2, 0, 'hello', array_fill(0.1::real, ARRAY[${t.config.embeddingDim}])::vector)`,
        [docId, s.id],
      );

      const res = await admin.delete(`/api/admin/session/${s.id}`).expect(204);
      expect(res.text).toBe('');
      const left = await db.query(
        `SELECT (SELECT count(*)::int FROM sessions WHERE id = $1) AS sessions,
                (SELECT count(*)::int FROM documents WHERE session_id = $1) AS documents,
                (SELECT count(*)::int FROM chunks WHERE session_id = $1) AS chunks,
                (SELECT count(*)::int FROM documents) AS "allDocuments"`,
        [s.id],
      );
      expect(left).toEqual([{ sessions: 0, documents: 0, chunks: 0, allDocuments: 1 }]);
      await expect(fs.access(path.join(t.config.uploadsDir, storagePath))).rejects.toThrow();
      await expect(fs.readFile(path.join(t.config.uploadsDir, otherPath), 'utf8')).resolves.toBe('hello');
      await admin.delete(`/api/admin/session/${s.id}`).expect(404, { message: 'Session not found.' });
    });

    it('loses nothing when the deletion fails after its documents were deleted: the session, its documents and files stay', async () => {
      const s = await create({ title: 'Survivor' });
      const storagePath = `${s.id}.txt`;
      await fs.mkdir(t.config.uploadsDir, { recursive: true });
      await fs.writeFile(path.join(t.config.uploadsDir, storagePath), 'kept');
      await addDocument(s.id, 'transcript', 'embedded', storagePath);
      // The session's own row fails to go, after documents/ deleted its documents in the same transaction.
      const failing = jest.spyOn(SessionsRepository.prototype, 'deleteLocked').mockRejectedValueOnce(new Error('connection lost'));
      try {
        const res = await admin.delete(`/api/admin/session/${s.id}`);
        expect(res.status).not.toBe(204);
      } finally {
        failing.mockRestore();
      }
      const [left] = await db.query(
        `SELECT (SELECT count(*)::int FROM sessions WHERE id = $1) AS sessions,
                (SELECT count(*)::int FROM documents WHERE session_id = $1) AS documents`,
        [s.id],
      );
      expect(left).toEqual({ sessions: 1, documents: 1 });
      await expect(fs.readFile(path.join(t.config.uploadsDir, storagePath), 'utf8')).resolves.toBe('kept');
      await admin.delete(`/api/admin/session/${s.id}`).expect(204);
      await expect(fs.access(path.join(t.config.uploadsDir, storagePath))).rejects.toThrow();
    });
  });

  describe('GET /api/sessions views and derived fields', () => {
    it('computes documentsCount, documentTypes and contentStatus from the documents', async () => {
      const none = await create({ title: 'No docs', date: '2025-09-08T15:00:00-06:00' });
      const processing = await create({ title: 'Processing', date: '2025-09-08T09:00:00-06:00' });
      const available = await create({ title: 'Available', date: '2025-09-08T11:00:00-06:00' });
      const failed = await create({ title: 'Failed only', date: '2025-09-08T12:00:00-06:00' });
      await addDocument(processing.id, 'transcript', 'uploaded');
      await addDocument(processing.id, 'pdf', 'chunked');
      await addDocument(available.id, 'pdf', 'error');
      await addDocument(available.id, 'transcript', 'embedded');
      await addDocument(available.id, 'transcript', 'uploaded', `${available.id}/second`);
      await addDocument(failed.id, 'pdf', 'error');

      const attendeeView = await attendee.get('/api/sessions').expect(200);
      expect(attendeeView.body.map((s: { title: string }) => s.title)).toEqual(['Processing', 'Available', 'Failed only']);
      const byTitle = Object.fromEntries(attendeeView.body.map((s: { title: string }) => [s.title, s]));
      expect(byTitle['Processing']).toMatchObject({
        documentsCount: 2,
        hasDocuments: true,
        documentTypes: ['transcript', 'pdf'],
        contentStatus: 'processing',
      });
      expect(byTitle['Available']).toMatchObject({
        documentsCount: 3,
        hasDocuments: true,
        documentTypes: ['transcript', 'pdf'],
        contentStatus: 'available',
      });
      expect(byTitle['Failed only']).toMatchObject({ documentsCount: 1, documentTypes: ['pdf'], contentStatus: 'processing' });
      expect(byTitle['Processing'].documents).toBeUndefined();

      const all = await attendee.get('/api/sessions?includeAll=true').expect(200);
      expect(all.body).toHaveLength(4);
      expect(all.body.find((s: { id: string }) => s.id === none.id)).toMatchObject({
        documentsCount: 0,
        hasDocuments: false,
        documentTypes: [],
        contentStatus: 'none',
      });

      const adminView = await admin.get('/api/sessions?admin=true').expect(200);
      expect(adminView.body).toHaveLength(4);
      const adminAvailable = adminView.body.find((s: { id: string }) => s.id === available.id);
      expect(adminAvailable.documents).toHaveLength(3);
      expect(adminAvailable.documents[0]).toEqual({
        id: expect.any(String),
        kind: 'pdf',
        originalFilename: 'pdf-error.pdf',
        status: 'error',
      });
      expect(adminView.body.find((s: { id: string }) => s.id === none.id).documents).toEqual([]);
    });

    it('sorts by day, then date and start time, unscheduled sessions last', async () => {
      await create({ title: 'Unscheduled' });
      await create({ title: 'Day 2 morning', date: '2025-09-09T09:00:00-06:00' });
      await create({ title: 'Day 1 afternoon', date: '2025-09-08T14:00:00-06:00' });
      await create({ title: 'Day 1 10 AM, no date', day: 1, startTime: '10:00 AM' });
      await create({ title: 'Day 1 morning', date: '2025-09-08T08:30:00-06:00' });
      await create({ title: 'Day 3', date: '2025-09-10T08:00:00-06:00' });
      const res = await admin.get('/api/sessions?includeAll=true').expect(200);
      expect(res.body.map((s: { title: string }) => s.title)).toEqual([
        'Day 1 morning',
        'Day 1 afternoon',
        'Day 1 10 AM, no date',
        'Day 2 morning',
        'Day 3',
        'Unscheduled',
      ]);
    });
  });
});
