#!/usr/bin/env node
// Dependency audit for CI: `npm audit --omit=dev --json` over the lockfile (the production dependency
// tree only), failing on any high or critical advisory that `audit-exceptions.json` does not list.
//
//   node scripts/audit.mjs                      exit 0: nothing high or critical outside the exceptions
//                                               exit 1: such advisories (listed), or an expired exception
//                                               exit 2: the audit could not run (registry's audit service unreachable)
//   node scripts/audit.mjs --allow-unreachable  exit 0 with a warning instead of 2 (a network without the audit service)
//
// AUDIT_JSON_FILE=<file> reads a saved `npm audit --json` report instead of running npm (tests).
// Exceptions (audit-exceptions.json at the repository root): each names the advisory (its GHSA id),
// the package, why it does not apply or cannot be fixed yet, and a date after which it stops counting.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAILING = new Set(['high', 'critical']);
const allowUnreachable = process.argv.includes('--allow-unreachable');
const exceptionsFile = process.env.AUDIT_EXCEPTIONS_FILE ?? path.join(ROOT, 'audit-exceptions.json');

function runNpmAudit() {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
      // npm audit exits non-zero when it finds anything: the JSON report is what counts.
      (err, stdout, stderr) => resolve({ stdout, stderr, spawnError: err && !stdout ? err : undefined }),
    );
  });
}

async function readReport() {
  if (process.env.AUDIT_JSON_FILE) return { report: JSON.parse(fs.readFileSync(process.env.AUDIT_JSON_FILE, 'utf8')) };
  const { stdout, stderr, spawnError } = await runNpmAudit();
  if (spawnError) return { failure: `npm audit did not run: ${spawnError.message}` };
  try {
    return { report: JSON.parse(stdout) };
  } catch {
    return { failure: `npm audit gave no JSON report: ${(stderr || stdout).trim().slice(0, 500)}` };
  }
}

/** The GHSA id of an advisory (from its URL), else its URL or npm source number. */
function advisoryId(via) {
  const ghsa = /GHSA-[\w-]+/i.exec(String(via.url ?? ''));
  return ghsa ? ghsa[0].toUpperCase() : String(via.url ?? via.source);
}

function loadExceptions(today) {
  if (!fs.existsSync(exceptionsFile)) return { active: new Map(), problems: [] };
  const { exceptions = [] } = JSON.parse(fs.readFileSync(exceptionsFile, 'utf8'));
  const active = new Map();
  const problems = [];
  for (const e of exceptions) {
    const id = String(e.advisory ?? '').toUpperCase();
    if (!id || !e.package || !e.reason || !/^\d{4}-\d{2}-\d{2}$/.test(String(e.until ?? ''))) {
      problems.push(`exception ${JSON.stringify(e)} needs advisory, package, reason and until (YYYY-MM-DD)`);
    } else if (e.until < today) {
      problems.push(`exception for ${id} (${e.package}) expired on ${e.until}: fix the dependency or review the exception`);
    } else {
      active.set(id, e);
    }
  }
  return { active, problems };
}

async function main() {
  const { report, failure } = await readReport();
  const unreachable =
    failure ??
    (report && !report.vulnerabilities
      ? `the audit service answered: ${report.message ?? report.error?.summary ?? JSON.stringify(report).slice(0, 300)}`
      : undefined);
  if (unreachable) {
    console.error(`audit: could not audit the dependencies (${unreachable}).`);
    if (allowUnreachable) {
      console.error('audit: --allow-unreachable given: not failing. Run `npm run audit` where the registry audit service is reachable.');
      return 0;
    }
    return 2;
  }

  const today = new Date().toISOString().slice(0, 10);
  const { active, problems } = loadExceptions(today);
  const advisories = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || !FAILING.has(via.severity)) continue;
      const id = advisoryId(via);
      const seen = advisories.get(id) ?? { id, severity: via.severity, title: via.title, packages: new Set() };
      seen.packages.add(via.name ?? vulnerability.name);
      advisories.set(id, seen);
    }
  }
  const excepted = [...advisories.values()].filter((a) => active.has(a.id));
  const failing = [...advisories.values()].filter((a) => !active.has(a.id));
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(
    `audit: production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
  );
  for (const a of excepted)
    console.log(`audit: excepted ${a.id} (${a.severity}) in ${[...a.packages].join(', ')}: ${active.get(a.id).reason}`);
  for (const a of failing) console.error(`audit: ${a.severity.toUpperCase()} ${a.id} in ${[...a.packages].join(', ')}: ${a.title}`);
  for (const p of problems) console.error(`audit: ${p}`);
  if (failing.length || problems.length) {
    console.error(
      'audit: failed. Update the dependency (npm update / npm audit fix --omit=dev), or add a reviewed entry to audit-exceptions.json.',
    );
    return 1;
  }
  console.log('audit: passed (no high or critical advisory outside the exceptions)');
  return 0;
}

process.exitCode = await main();
