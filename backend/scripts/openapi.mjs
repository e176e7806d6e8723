#!/usr/bin/env node
// The API contract, generated from the code:
//   node scripts/openapi.mjs          writes src/openapi/metadata.ts (the @nestjs/swagger CLI plugin's metadata, read
//                                     from the DTOs and controllers) and ../docs/openapi.json
//   node scripts/openapi.mjs --check  regenerates both in memory and fails when a committed file differs
// The backend builds with plain `tsc`, not the Nest CLI, so the plugin runs the way its docs give for such builds:
// PluginMetadataGenerator + ReadonlyVisitor write metadata.ts, and SwaggerModule.loadPluginMetadata() reads it.
// The document is built from the compiled code in Nest's preview mode: no provider runs, so no database, no Redis,
// no port.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const backend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const metadataFile = path.join(backend, 'src/openapi/metadata.ts');
const documentFile = path.join(backend, '../docs/openapi.json');

/** File name endings the plugin reads as DTOs (request bodies, queries, responses). */
export const DTO_SUFFIXES = ['.dto.ts', '.query.ts', '.response.ts'];

function generateMetadata() {
  const { PluginMetadataGenerator } = require('@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator');
  const { ReadonlyVisitor } = require('@nestjs/swagger/plugin');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-metadata-'));
  const cwd = process.cwd();
  process.chdir(backend); // the generator loads the `typescript` of the working directory (the repo's 6.x)
  try {
    new PluginMetadataGenerator().generate({
      visitors: [
        new ReadonlyVisitor({
          pathToSource: path.dirname(metadataFile),
          introspectComments: true,
          classValidatorShim: true,
          dtoFileNameSuffix: DTO_SUFFIXES,
          controllerFileNameSuffix: ['.controller.ts'],
        }),
      ],
      outputDir: outDir,
      watch: false,
      tsconfigPath: 'tsconfig.build.json',
      printDiagnostics: false,
    });
  } finally {
    process.chdir(cwd);
  }
  const text = fs.readFileSync(path.join(outDir, 'metadata.ts'), 'utf8');
  fs.rmSync(outDir, { recursive: true, force: true });
  return text;
}

function compare(file, text) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed === text) return true;
  console.error(`${path.relative(process.cwd(), file)} differs from the code: run \`npm run openapi\` and commit the result.`);
  return false;
}

const metadata = generateMetadata();
let ok = true;
if (check) ok = compare(metadataFile, metadata) && ok;
else fs.writeFileSync(metadataFile, metadata);

// The document: compile, then print it from the compiled code. A check compiles a copy of src/ (with the fresh
// metadata) in a scratch folder inside backend/, so modules resolve as usual and nothing committed is touched.
const tsc = require.resolve('typescript/bin/tsc');
let scratch;
try {
  let distDir = path.join(backend, 'dist');
  if (check) {
    scratch = fs.mkdtempSync(path.join(backend, '.openapi-check-'));
    fs.cpSync(path.join(backend, 'src'), path.join(scratch, 'src'), { recursive: true });
    fs.writeFileSync(path.join(scratch, 'src/openapi/metadata.ts'), metadata);
    fs.writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.build.json',
        compilerOptions: { rootDir: 'src', outDir: 'dist', sourceMap: false },
        include: ['src/**/*.ts'],
        exclude: ['src/**/*.spec.ts'],
      }),
    );
    execFileSync(process.execPath, [tsc, '-p', path.join(scratch, 'tsconfig.json')], { stdio: 'inherit' });
    distDir = path.join(scratch, 'dist');
  } else {
    execFileSync(process.execPath, [tsc, '-p', path.join(backend, 'tsconfig.build.json')], { stdio: 'inherit' });
  }
  // The compiled code loads the rules shared with the front ends from their build (packages/conference-rules/dist).
  execFileSync(process.execPath, [path.join(backend, '..', 'scripts', 'ensure-built.mjs'), 'conference-rules'], { stdio: 'inherit' });
  const json = execFileSync(process.execPath, [path.join(distDir, 'openapi/print-document.js')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (check) ok = compare(documentFile, json) && ok;
  else fs.writeFileSync(documentFile, json);
} finally {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}
if (!ok) process.exit(1);
console.log(
  check ? 'docs/openapi.json and src/openapi/metadata.ts match the code.' : 'wrote src/openapi/metadata.ts and docs/openapi.json',
);
