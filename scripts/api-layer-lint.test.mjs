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

async function apiLayerErrors(file) {
  const [result] = await eslint.lintText(PLANTED, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('no /api URL outside the API layer', () => {
  it('fails on a literal or template in the attendee app outside src/lib/api/', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/features/chat/planted.ts'), [1, 2]);
  });

  it('fails in the admin app outside providers/', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/pages/planted.ts'), [1, 2]);
  });

  it('passes inside each API layer and in tests', async () => {
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/lib/api/planted.ts'), []);
    assert.deepEqual(await apiLayerErrors('frontend-admin/src/providers/planted.ts'), []);
    assert.deepEqual(await apiLayerErrors('frontend-attendee/src/features/chat/planted.test.ts'), []);
  });
});
