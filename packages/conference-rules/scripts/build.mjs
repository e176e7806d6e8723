#!/usr/bin/env node
// `npm run build -w conference-rules`: the rules the backend shares (src/index.ts) compiled to CommonJS in dist/,
// which the backend's compiled code loads with require('conference-rules'). dist/package.json marks the folder
// CommonJS (this package is an ES module package: its sources are read by Vite and Vitest).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
fs.writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
