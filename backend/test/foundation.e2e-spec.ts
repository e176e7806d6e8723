import request from 'supertest';
import { startTestApp, TestApp } from './utils/test-app';

describe('foundation (boot, errors, environment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the environment to signed-out visitors', async () => {
    const res = await request(t.url).get('/api/environment').expect(200);
    expect(res.body).toEqual({ isProduction: false });
  });

  it('answers 401 on /api/auth/user when signed out', async () => {
    const res = await request(t.url).get('/api/auth/user').expect(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await request(t.url).get('/api/nope').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await request(t.url).post('/api/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('has the pgvector extension and the schema from migrations', async () => {
    const { DataSource } = await import('typeorm');
    const db = t.app.get(DataSource);
    const ext = await db.query(`SELECT extname FROM pg_extension WHERE extname = 'vector'`);
    expect(ext).toHaveLength(1);
    const tables = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
    expect(tables.map((r: { table_name: string }) => r.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'documents',
        'chunks',
        'chat_threads',
        'chat_messages',
        'user_actions',
        'ai_usage',
        'email_outbox',
        'web_sessions',
        'sign_in_tokens',
      ]),
    );
    const [{ d }] = await db.query(`SELECT 1 - ('[1,0,0]'::vector <=> '[1,0,0]'::vector) AS d`);
    expect(Number(d)).toBe(1);
  });

  it('runs every database session with the search settings, so a search needs no transaction', async () => {
    const { DataSource } = await import('typeorm');
    const db = t.app.get(DataSource);
    // Several pooled connections at once: each one sees the settings.
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.query(
          `SELECT current_setting('hnsw.ef_search') AS ef, current_setting('hnsw.iterative_scan') AS scan,
                  current_setting('random_page_cost') AS cost`,
        ),
      ),
    );
    // The local provider's embeddings: HNSW walks 40 candidates (LOCAL_EF_SEARCH; a model's: 200).
    for (const [row] of rows) expect(row).toEqual({ ef: '40', scan: 'relaxed_order', cost: '1.1' });
  });

  it("keeps answering HTTP while the embedded database is busy (SQL runs on the database's own thread)", async () => {
    const { DataSource } = await import('typeorm');
    const db = t.app.get(DataSource);
    const order: string[] = [];
    const slow = db.query('SELECT pg_sleep(1.5)').then(() => order.push('sql done'));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the statement has reached the database
    await request(t.url).get('/api/environment').expect(200);
    order.push('http answered');
    await slow;
    expect(order).toEqual(['http answered', 'sql done']);
  });
});
