import { startSampleConferenceApp } from './utils/chunk-fixture';
import { signIn, TestApp } from './utils/test-app';

describe('chat threads: list, reopen and delete one’s own conversations', () => {
  let t: TestApp;

  beforeAll(async () => {
    ({ app: t } = await startSampleConferenceApp());
  });
  afterAll(() => t.close());

  it('lists the user’s conversations with a message, newest first, titled by their first question', async () => {
    const me = await signIn(t, { email: 'lister@example.com', firstName: 'Lee' });
    const first = (await me.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id;
    await me.post('/api/chat/message').send({ threadId: first, message: 'What FICO floor do lenders use?' }).expect(200);
    await me.post('/api/chat/message').send({ threadId: first, message: 'And for small tickets?' }).expect(200);
    const second = (await me.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id;
    await me
      .post('/api/chat/message')
      .send({ threadId: second, message: `  Residual   values\n${'x'.repeat(200)}` })
      .expect(200);
    await me.post('/api/chat/start').send({ sessionFilter: [] }).expect(200); // empty: not listed

    const list = (await me.get('/api/chat/threads').expect(200)).body;
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: second,
      title: expect.stringMatching(/^Residual values x+…$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      messageCount: 2,
    });
    expect(list[0].title).toHaveLength(120);
    expect(list[1]).toMatchObject({ id: first, title: 'What FICO floor do lenders use?', messageCount: 4 });

    const other = await signIn(t, { email: 'someone-else@example.com', firstName: 'Sol' });
    expect((await other.get('/api/chat/threads').expect(200)).body).toEqual([]);
  });

  it('deletes only the user’s own conversation: 404 for another’s, then the thread is gone', async () => {
    const me = await signIn(t, { email: 'deleter@example.com', firstName: 'Dee' });
    const threadId = (await me.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id;
    await me.post('/api/chat/message').send({ threadId, message: 'What FICO floor do lenders use?' }).expect(200);

    const other = await signIn(t, { email: 'intruder@example.com', firstName: 'Ian' });
    expect((await other.delete(`/api/chat/threads/${threadId}`).expect(404)).body).toEqual({ message: 'Chat thread not found' });
    await other.delete('/api/chat/threads/not-a-uuid').expect(404);
    await me.get(`/api/chat/messages/${threadId}`).expect(200);

    await me.delete(`/api/chat/threads/${threadId}`).expect(204);
    await me.get(`/api/chat/messages/${threadId}`).expect(404);
    expect((await me.get('/api/chat/threads').expect(200)).body).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const { default: request } = await import('supertest');
    await request(t.url).get('/api/chat/threads').expect(401);
    await request(t.url).get('/api/chat/assistant').expect(401);
  });

  it('says which provider writes the answers', async () => {
    const me = await signIn(t, { email: 'asker@example.com', firstName: 'Ash' });
    expect((await me.get('/api/chat/assistant').expect(200)).body).toEqual({ provider: 'local' });
  });
});
