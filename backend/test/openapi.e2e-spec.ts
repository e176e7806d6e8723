import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, TestApp } from './utils/test-app';

/** Every route PRODUCT.md §7 lists, plus the ones docs/API.md adds (health, sign-in link, search, feedback, insights). */
const SPEC_ROUTES: [string, string][] = [
  ['get', '/api/auth/user'],
  ['post', '/api/login'],
  ['post', '/api/quick-login'],
  ['post', '/api/logout'],
  ['get', '/api/environment'],
  ['post', '/api/chat/start'],
  ['post', '/api/chat/stream'],
  ['post', '/api/chat/message'],
  ['post', '/api/chat/simple'],
  ['get', '/api/chat/messages/{threadId}'],
  ['get', '/api/sessions'],
  ['post', '/api/takeaways'],
  ['post', '/api/email/takeaways'],
  ['post', '/api/email/chat-history'],
  ['post', '/api/admin/session'],
  ['put', '/api/admin/session/{id}'],
  ['delete', '/api/admin/session/{id}'],
  ['get', '/api/admin/documents'],
  ['post', '/api/admin/upload'],
  ['post', '/api/admin/ingest/{id}'],
  ['delete', '/api/admin/documents/{id}'],
  ['get', '/api/admin/users/chat-history'],
  ['get', '/api/admin/users/{userId}/chats'],
  ['get', '/api/admin/users/actions'],
  ['get', '/api/admin/openai-usage'],
  ['get', '/api/admin/openai-costs'],
  ['get', '/api/admin/documents/export-list'],
  ['get', '/api/admin/documents/{id}/download'],
  ['get', '/api/superadmin/analytics'],
  ['get', '/api/superadmin/export-sessions'],
  ['post', '/api/superadmin/import-sessions'],
  ['get', '/api/health'],
  ['get', '/api/ready'],
  ['get', '/api/login'],
  ['post', '/api/auth/link'],
  ['get', '/api/auth/verify'],
  ['post', '/api/chat/feedback'],
  ['get', '/api/search'],
  ['get', '/api/admin/insights'],
];

type Schema = { $ref?: string; oneOf?: Schema[]; enum?: string[]; 'x-enum-varnames'?: string[] };
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

describe('GET /api/docs (the API contract, generated from the controllers and DTOs)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await request(t.url).get('/api/docs/json').expect(200).expect('Content-Type', /json/)).body as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers without a session and lists every route of the spec, each with a described answer', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const listed = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const missing = SPEC_ROUTES.map(([m, p]) => `${m.toUpperCase()} ${p}`).filter((r) => !listed.includes(r));
    expect(missing).toEqual([]);
    for (const [m, p] of SPEC_ROUTES) {
      const responses = doc.paths[p][m].responses;
      expect([p, Object.keys(responses).length > 0]).toEqual([p, true]);
    }
  });

  it('gives response types as schemas, not bare objects (what the front ends generate their types from)', () => {
    const json = (p: string, m: string, status = '200') => doc.paths[p][m].responses[status].content?.['application/json'].schema;
    expect(json('/api/auth/user', 'get')).toEqual({ $ref: '#/components/schemas/UserResponse' });
    expect(json('/api/chat/message', 'post')).toEqual({ $ref: '#/components/schemas/ChatAnswer' });
    expect(json('/api/admin/openai-usage', 'get')).toEqual({ $ref: '#/components/schemas/UsageSummary' });
    expect(doc.components.schemas.UserResponse).toMatchObject({
      required: expect.arrayContaining(['id', 'email', 'firstName', 'role', 'isAdmin', 'verificationPending']),
    });
  });

  it('describes the chat stream as text/event-stream, with the status texts of PRODUCT.md §4 as a named enum', () => {
    const stream = doc.paths['/api/chat/stream'].post.responses['200'].content?.['text/event-stream'];
    expect(stream?.schema.oneOf?.map((s) => s.$ref)).toEqual([
      '#/components/schemas/ChatStatusEvent',
      '#/components/schemas/ChatContentEvent',
      '#/components/schemas/ChatSourcesEvent',
      '#/components/schemas/ChatErrorEvent',
    ]);
    expect(doc.components.schemas.ChatStatus).toEqual({
      type: 'string',
      enum: ['Searching conference documents', 'Analyzing relevant content', 'Generating comprehensive answer'],
      'x-enum-varnames': ['Searching', 'Analyzing', 'Generating'],
    });
  });

  it('is the document committed as docs/openapi.json (npm run openapi writes it, npm run openapi:check compares)', () => {
    const committed = JSON.parse(fs.readFileSync(path.join(__dirname, '../../docs/openapi.json'), 'utf8'));
    expect(doc).toEqual(committed);
  });

  it('serves the Swagger UI under the strict CSP: no inline script, its scripts and styles load from /api/docs', async () => {
    const page = await request(t.url).get('/api/docs').redirects(1).expect(200).expect('Content-Type', /html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.text;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(body.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs)?.[1];
      expect(src).toBeDefined();
      await request(t.url)
        .get(new URL(src!, `${t.url}/api/docs/`).pathname)
        .expect(200)
        .expect('Content-Type', /javascript/);
    }
    for (const [, href] of html.matchAll(/<link[^>]+href="([^"]+\.css)"/g)) {
      await request(t.url)
        .get(new URL(href, `${t.url}/api/docs/`).pathname)
        .expect(200)
        .expect('Content-Type', /css/);
    }
  });
});
