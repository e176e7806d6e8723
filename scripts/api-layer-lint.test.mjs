// The rule that keeps every `/api` URL in an app's API layer (eslint.config.mjs, `apiLayer`): a planted
// literal fails outside the layer and passes inside it. `npm run test:scripts`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
const PLANTED =
  "export const a = '/api/sessions';\nexport const b = (id: string) => `/api/chat/threads/${id}`;\nexport const c = '/apiary';\n";
/** The same URLs as contract paths: apiPath, the typed client, a type argument. */
const TYPED = [
  "export const a = apiPath('/api/sessions');",
  "export const b = (threadId: string) => apiPath('/api/chat/threads/{threadId}', { threadId });",
  "export const c = () => api.POST('/api/logout');",
  "export type D = JsonBody<'/api/login', 'post'>;",
  "export const e = (id: string) => `${apiPath('/api/sessions/{id}', { id })}?x=1`;",
].join('\n');

async function apiLayerErrors(file, text = PLANTED) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('no /api URL outside the API layer', () => {
  it('fails on a literal or template in the attendee app outside src/lib/api/', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/features/chat/planted.ts'), [1, 2]);
  });

  it('fails in the admin app outside providers/', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/pages/planted.ts'), [1, 2]);
  });

  it('inside each API layer, fails on a bare literal or template: a path is written only as a contract path', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/lib/api/planted.ts'), [1, 2]);
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/providers/planted.ts'), [1, 2]);
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/constants.ts'), [1, 2]);
  });

  it('passes contract paths inside each API layer, and any URL in tests', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/lib/api/planted.ts', TYPED), []);
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/providers/planted.ts', TYPED), []);
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/features/chat/planted.test.ts'), []);
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/providers/planted.test.ts'), []);
  });

  it('fails on a contract path written outside the API layer too', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/pages/planted.ts', TYPED), [1, 2, 3, 4, 5]);
  });
});
