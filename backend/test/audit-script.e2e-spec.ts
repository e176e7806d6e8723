import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run audit` (scripts/audit.mjs) on saved `npm audit --omit=dev --json` reports: it fails on a
 * high or critical advisory unless audit-exceptions.json lists it (with a reason and a date it
 * lapses), never on moderate ones, and says so when the audit could not run.
 */
const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, 'fixtures', 'audit');

function audit(report: string, exceptions?: unknown[], args: string[] = []): { code: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-audit-'));
  const exceptionsFile = path.join(dir, 'exceptions.json');
  fs.writeFileSync(exceptionsFile, JSON.stringify({ exceptions: exceptions ?? [] }));
  try {
    const output = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'audit.mjs'), ...args], {
      env: { ...process.env, AUDIT_JSON_FILE: path.join(FIXTURES, report), AUDIT_EXCEPTIONS_FILE: exceptionsFile },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: `${e.stdout}${e.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const exception = (until: string) => ({
  advisory: 'GHSA-aaaa-bbbb-cccc',
  package: 'left-pad-x',
  reason: 'Only reached from tests.',
  until,
});

describe('scripts/audit.mjs (npm run audit)', () => {
  it('passes a report without high or critical advisories', () => {
    expect(audit('clean.json')).toMatchObject({ code: 0, output: expect.stringContaining('audit: passed') });
  });

  it('fails on a high advisory, naming it and its package, but not on a moderate one', () => {
    const res = audit('high.json');
    expect(res.code).toBe(1);
    expect(res.output).toContain('HIGH GHSA-AAAA-BBBB-CCCC in left-pad-x: Prototype pollution in left-pad-x');
    expect(res.output).not.toContain('GHSA-DDDD-EEEE-FFFF');
  });

  it('passes when the advisory is a listed exception, and fails again once the exception lapsed', () => {
    const listed = audit('high.json', [exception('2999-12-31')]);
    expect(listed.code).toBe(0);
    expect(listed.output).toContain('excepted GHSA-AAAA-BBBB-CCCC (high) in left-pad-x: Only reached from tests.');
    const lapsed = audit('high.json', [exception('2020-01-01')]);
    expect(lapsed.code).toBe(1);
    expect(lapsed.output).toContain('expired on 2020-01-01');
    const undocumented = audit('high.json', [{ advisory: 'GHSA-aaaa-bbbb-cccc', package: 'left-pad-x', until: '2999-12-31' }]);
    expect(undocumented.code).toBe(1);
  });

  it('reports an audit that could not run (exit 2), or only warns with --allow-unreachable', () => {
    expect(audit('unreachable.json')).toMatchObject({ code: 2, output: expect.stringContaining('could not audit the dependencies') });
    expect(audit('unreachable.json', [], ['--allow-unreachable']).code).toBe(0);
  });

  it('is the npm script `audit`, over production dependencies only', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.audit).toBe('node scripts/audit.mjs');
    expect(fs.readFileSync(path.join(ROOT, 'scripts', 'audit.mjs'), 'utf8')).toContain("['audit', '--omit=dev', '--json']");
    const exceptions = JSON.parse(fs.readFileSync(path.join(ROOT, 'audit-exceptions.json'), 'utf8')) as { exceptions: unknown[] };
    expect(Array.isArray(exceptions.exceptions)).toBe(true);
  });
});
