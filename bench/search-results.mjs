#!/usr/bin/env node
/**
 * The hybrid search statement's results for a set of questions, as JSON: the BUILT app (backend/dist,
 * or BENCH_BACKEND_DIST) in this process, the dev set's questions and questions made from the
 * database's chunks (`questionsFromChunks`, as the chat benchmarks ask) asked through the retriever,
 * once without and once with a session filter, every `hybridSearchAtVersion` result of the repository
 * written out (passages with every field and score, content version). Two builds' files compared with
 * `cmp` show whether a change of the statement changed any result.
 * Usage: node bench/search-results.mjs --database-url=URL --out=FILE [--data-dir=DIR] [--questions=60]
 *        [--sql-out=FILE] (the search statements and their parameters, as JSON)
 *        [--eval=PATH] (dev set manifest; default ../shared/eval-dev/manifest.json)
 */
import fs from 'node:fs';
import path from 'node:path';
import { questionsFromChunks } from './chat-client.mjs';
import { BACKEND_DIST, benchArgs, deploymentOf, devSetRetriever } from './server.mjs';

const args = benchArgs();
const deployment = deploymentOf(args);
const N = Number(args.get('questions') ?? 60);
const out = path.resolve(args.get('out') ?? 'search-results.json');
const { app, manifest, db, retrieval, require, close } = await devSetRetriever(args, deployment, 'ca-results-');
const { RetrievalRepository } = require(path.join(BACKEND_DIST, 'retrieval', 'retrieval.repository.js'));
const repository = app.get(RetrievalRepository);

// Every search statement (the one that reads `WITH vec AS`) with its parameters, for --sql-out.
const statements = [];
const manager = db.manager;
const managerQuery = manager.query.bind(manager);
manager.query = (sql, params, ...rest) => {
  if (typeof sql === 'string' && /WITH vec AS/.test(sql)) statements.push({ sql, params });
  return managerQuery(sql, params, ...rest);
};
const results = [];
const search = repository.hybridSearchAtVersion.bind(repository);
let current = null;
repository.hybridSearchAtVersion = async (query) => {
  const result = await search(query);
  results.push({ question: current, result });
  return result;
};

const sessions = (await db.query(`SELECT DISTINCT session_id::text AS id FROM chunks ORDER BY 1 LIMIT 3`)).map((r) => r.id);
const questions = [
  ...manifest.questions
    .filter((q) => q.question)
    .slice(0, N)
    .map((q) => q.question),
  ...(await questionsFromChunks(db, N)),
];
for (const q of questions) {
  current = q;
  await retrieval.retriever({ k: 8 }).invoke(q);
  current = `${q} [sessions]`;
  await retrieval.retriever({ k: 8, sessionIds: sessions }).invoke(q);
}
fs.writeFileSync(out, JSON.stringify(results, null, 1));
if (args.get('sql-out')) fs.writeFileSync(path.resolve(args.get('sql-out')), JSON.stringify(statements));
const passages = results.reduce((a, r) => a + r.result.passages.length, 0);
console.log(`${results.length} search statements, ${passages} passages -> ${out}`);
await close();
