#!/usr/bin/env node
// The front ends' API types, generated from the contract:
//   node scripts/api-types.mjs          writes contract/api-types.ts, the one file both front ends import as
//                                       '@contract/api-types' (frontend-attendee and frontend-admin), from
//                                       docs/openapi.json (itself generated from the backend: npm run openapi)
//   node scripts/api-types.mjs --check  fails when the committed file differs from what the contract gives
// openapi-typescript writes the types; enums the document names with `x-enum-varnames` (the chat statuses)
// are also written as constants, so their texts live in one place: the backend's enum; so are the values a schema
// names with `x-constants` (the citation grammar of `Source`, written once in the backend).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const document = JSON.parse(fs.readFileSync(path.join(root, 'docs/openapi.json'), 'utf8'));

function enumConstants(schemas) {
  const out = [];
  for (const [name, schema] of Object.entries(schemas ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const names = schema['x-enum-varnames'];
    if (!Array.isArray(names) || !Array.isArray(schema.enum)) continue;
    if (names.length !== schema.enum.length) throw new Error(`${name}: x-enum-varnames and enum differ in length`);
    out.push(`/** The values of \`${name}\`, named (x-enum-varnames). */`);
    out.push(`export const ${name} = {`);
    names.forEach((n, i) => out.push(`  ${n}: ${JSON.stringify(schema.enum[i])},`));
    out.push(`} as const satisfies Record<string, components['schemas']['${name}']>;`, '');
  }
  return out.join('\n');
}

function schemaConstants(schemas) {
  const out = [];
  for (const [name, schema] of Object.entries(schemas ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [constant, value] of Object.entries(schema['x-constants'] ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`/** \`${constant}\` of \`${name}\` (x-constants). */`);
      out.push(`export const ${constant} = ${JSON.stringify(value, null, 2)} as const;`, '');
    }
  }
  return out.join('\n');
}

const header = `/**
 * Generated from docs/openapi.json by scripts/api-types.mjs (openapi-typescript): do not edit.
 * Regenerate with \`npm run openapi\` after changing a controller or a DTO of the backend.
 */

`;
const types = await openapiTS(document, { commentHeader: header });
const schemas = document.components?.schemas;
const text = `${types}\n${enumConstants(schemas)}\n${schemaConstants(schemas)}`.replace(/\n+$/, '\n');

const FILE = 'contract/api-types.ts';
const file = path.join(root, FILE);
if (check) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed !== text) {
    console.error(`${FILE} differs from docs/openapi.json: run \`npm run openapi\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${FILE} matches docs/openapi.json.`);
} else {
  fs.writeFileSync(file, text);
  console.log(`wrote ${FILE}`);
}
