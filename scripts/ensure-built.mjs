#!/usr/bin/env node
// Builds each workspace whose output is missing or older than its sources, so `npm start` works on a fresh clone.
// `node scripts/ensure-built.mjs conference-rules` builds only the named workspaces (the backend's scripts that run
// its compiled code need the shared rules' dist/ first); `--force` builds them whatever their age.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = [
  // First: the compiled backend loads it (require('conference-rules')).
  {
    ws: 'conference-rules',
    output: 'packages/conference-rules/dist/index.js',
    sources: ['packages/conference-rules/src', 'packages/conference-rules/package.json', 'packages/conference-rules/tsconfig.build.json'],
  },
  { ws: 'backend', output: 'backend/dist/main.js', sources: ['backend/src', 'backend/package.json'] },
  {
    ws: 'frontend-attendee',
    output: 'frontend-attendee/dist/index.html',
    sources: [
      'frontend-attendee/src',
      'frontend-attendee/index.html',
      'frontend-attendee/vite.config.ts',
      'frontend-attendee/package.json',
      // compiled into each app's build (@rules/*, @contract/*)
      'packages/conference-rules/src',
      'contract',
    ],
  },
  {
    ws: 'frontend-admin',
    output: 'frontend-admin/dist/index.html',
    sources: [
      'frontend-admin/src',
      'frontend-admin/index.html',
      'frontend-admin/vite.config.ts',
      'frontend-admin/package.json',
      'packages/conference-rules/src',
      'contract',
    ],
  },
];

function newest(p) {
  const abs = path.join(root, p);
  if (!fs.existsSync(abs)) return 0;
  const st = fs.statSync(abs);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(abs)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const t of targets) {
  if (only.length && !only.includes(t.ws)) continue;
  const out = path.join(root, t.output);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const src = Math.max(...t.sources.map(newest));
  if (built && built >= src && !process.argv.includes('--force')) continue;
  console.log(`building ${t.ws}…`);
  execSync(`npm run build -w ${t.ws}`, { cwd: root, stdio: 'inherit' });
  // tsc keeps unchanged outputs' mtimes; mark the build as current.
  if (fs.existsSync(out)) fs.utimesSync(out, new Date(), new Date());
}
