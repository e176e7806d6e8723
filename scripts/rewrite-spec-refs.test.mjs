// Tests of scripts/rewrite-spec-refs.mjs: `npm run test:scripts` (node --test 'scripts/*.test.mjs'), a step of `npm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { historyCitations, leftovers, rewrite } from './rewrite-spec-refs.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rewrite-spec-refs.mjs');

describe('rewrite: product references', () => {
  it('points SPEC §N, §N.M and lists of sections at PRODUCT.md, keeping the numbers', () => {
    assert.equal(rewrite('/** SPEC §5: email non-empty. */'), '/** PRODUCT.md §5: email non-empty. */');
    assert.equal(rewrite('// Sessions (SPEC §2, §5, §8)'), '// Sessions (PRODUCT.md §2, §5, §8)');
    assert.equal(rewrite("/** SPEC §2/§4/§5 'Session Data Migration' */"), "/** PRODUCT.md §2/§4/§5 'Session Data Migration' */");
    assert.equal(rewrite('see SPEC §7.2 and SPEC §8.'), 'see PRODUCT.md §7.2 and PRODUCT.md §8.');
    assert.equal(
      rewrite("describe('ingest summary (SPEC §2 Ingest Status)', () => {"),
      "describe('ingest summary (PRODUCT.md §2 Ingest Status)', () => {",
    );
  });

  it('leaves names that only contain SPEC alone, and reports SPEC.md for a person', () => {
    assert.equal(rewrite('const SPEC_ROUTES = [];'), 'const SPEC_ROUTES = [];');
    assert.equal(rewrite('the payloads in `SPEC.md`'), 'the payloads in `SPEC.md`');
    assert.deepEqual(
      leftovers('a\nthe payloads in `SPEC.md`').map((l) => [l.line, l.found]),
      [[2, 'SPEC']],
    );
    assert.deepEqual(leftovers('const SPEC_ROUTES = []; // PRODUCT.md §7'), []);
  });
});

describe('rewrite: history references', () => {
  it('removes a parenthesis that only names an issue, with the space before it', () => {
    assert.equal(rewrite('// The API contract, generated from the code (issue 13):'), '// The API contract, generated from the code:');
    assert.equal(rewrite('# The eval (issue 9) on the dev set'), '# The eval on the dev set');
    assert.equal(rewrite('// privileged (issue 10, item 5).'), '// privileged.');
    assert.equal(rewrite("describe('security hardening (issue 10)', () => {"), "describe('security hardening', () => {");
    assert.equal(rewrite('main (issues 12 and 13) and'), 'main and');
    assert.equal(rewrite(' * several (issue 10, items 5 and 17) here'), ' * several here');
  });

  it('keeps the rest of a parenthesis that says more than the issue', () => {
    assert.equal(rewrite('/** Tabs after its eight (issue 14: Insights). */'), '/** Tabs after its eight (Insights). */');
    assert.equal(rewrite('// Insights tab (beyond the spec: issue 14), after'), '// Insights tab (beyond the spec), after');
    assert.equal(rewrite(" * Insights (issue 14, after the spec's eight tabs): what"), " * Insights (after the spec's eight tabs): what");
    assert.equal(rewrite(' * on real material (`npm run eval`, issue 9): the'), ' * on real material (`npm run eval`): the');
  });

  it('removes a parenthesis that wraps onto the next comment line, keeping the line break', () => {
    const before = " * except the proxy's ports (issue 10\n * item 1, issue 11): Mailpit, the API replicas";
    assert.equal(rewrite(before), " * except the proxy's ports:\n * Mailpit, the API replicas");
  });

  it('drops an issue opening a comment line and capitalises what follows', () => {
    assert.equal(rewrite(' * Issue 12, hot reads: GET /api/sessions'), ' * Hot reads: GET /api/sessions');
    assert.equal(rewrite(' * Issue 11: the app as several processes.'), ' * The app as several processes.');
    assert.equal(rewrite(' * Issue 10, items 5 and 17, against a mail server'), ' * Against a mail server');
    assert.equal(rewrite('/** Issue 10, item 3: OpenAI calls are bounded. */'), '/** OpenAI calls are bounded. */');
    assert.equal(
      rewrite(' * Issue 10 (security and abuse hardening): one test per finding'),
      ' * Security and abuse hardening: one test per finding',
    );
  });

  it('leaves an issue named mid-sentence for a person, and says where', () => {
    const text = 'intro\nWithout them (the code before issue 9) the result';
    assert.equal(rewrite(text), text);
    assert.deepEqual(
      leftovers(text).map((l) => [l.line, l.found]),
      [[2, 'issue 9']],
    );
  });

  it('leaves ordinary words alone', () => {
    const text = '// an issue with the queue; 3 items; see the tissue 5 sample; report issues at SECURITY.md';
    assert.equal(rewrite(text), text);
    assert.deepEqual(leftovers(text), []);
  });
});

describe('node scripts/rewrite-spec-refs.mjs', () => {
  const dirs = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function repoWith(files) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewrite-refs-'));
    dirs.push(dir);
    spawnSync('git', ['init', '-q'], { cwd: dir });
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    spawnSync('git', ['add', '-A'], { cwd: dir });
    return dir;
  }
  const run = (cwd, ...args) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd, encoding: 'utf8' });
  const files = {
    'src/a.ts': '/** SPEC §5: the rules (issue 12). */\nexport const a = 1;\n',
    'src/b.ts': 'export const b = 2; // nothing to change\n',
    'bench/RESULTS.md': '## Issue 12: before and after\n',
    'docs/PRODUCT.md': '## 5. Validation rules (SPEC §5 numbering)\n',
  };

  it('--check lists what it would change, changes nothing and exits 1', () => {
    const dir = repoWith(files);
    const r = run(dir, '--check');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^src\/a\.ts: would rewrite line\(s\) 1$/m);
    assert.doesNotMatch(r.stdout, /b\.ts|RESULTS|PRODUCT/);
    assert.equal(fs.readFileSync(path.join(dir, 'src/a.ts'), 'utf8'), files['src/a.ts']);
  });

  it('rewrites in place; --check then passes', () => {
    const dir = repoWith(files);
    assert.equal(run(dir).status, 0);
    assert.equal(fs.readFileSync(path.join(dir, 'src/a.ts'), 'utf8'), '/** PRODUCT.md §5: the rules. */\nexport const a = 1;\n');
    assert.equal(fs.readFileSync(path.join(dir, 'bench/RESULTS.md'), 'utf8'), files['bench/RESULTS.md']);
    const r = run(dir, '--check');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /0 file\(s\) to rewrite, 0 reference\(s\) left/);
  });

  it('exits 1 and names file:line when a reference is left for a person', () => {
    const dir = repoWith({ 'src/c.ts': '// first\n// the code before issue 9 did this\n' });
    const r = run(dir);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^src\/c\.ts:2: cannot rewrite 'issue 9'/m);
  });
});

describe('historyCitations', () => {
  it("names a sitting or a pass cited in the product's code", () => {
    const text = '/** Chosen in the tenth sitting. */\nconst A = 1;\n// the passes, second pass\n// 7th pass and Sittings\n';
    assert.deepEqual(
      historyCitations('backend/src/answering/knobs.ts', text).map((c) => [c.line, c.found]),
      [
        [1, 'sitting'],
        [3, 'the passes'],
        [3, 'second pass'],
        [4, '7th pass'],
        [4, 'Sittings'],
      ],
    );
    assert.equal(historyCitations('frontend-admin/src/a.tsx', '// eighth pass').length, 1);
    assert.equal(historyCitations('packages/conference-rules/src/a.ts', '// a sitting').length, 1);
  });

  it('leaves other files and other uses of the words alone', () => {
    assert.deepEqual(historyCitations('bench/history/eval-tuning.md', 'tenth sitting, second pass'), []);
    assert.deepEqual(historyCitations('docs/DEPLOY.md', 'eleventh sitting'), []);
    assert.deepEqual(historyCitations('backend/src/a.ts', '// a passage passes the test; one pass over the text; bypass'), []);
  });
});
