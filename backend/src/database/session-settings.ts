/**
 * HNSW candidate list size (`hnsw.ef_search`, pgvector's default is 40). Measured on 50,000 chunks with
 * the local feature-hashing embeddings (bench/RESULTS.md, "Chat"): recall@10 against an exact scan
 * 0.20 / 0.32 / 0.45 / 0.60 at 40 / 100 / 200 / 400 for 2.6 / 4.4 / 6.5 / 11 ms. Hashed bag-of-words
 * vectors are nearly equidistant, so the graph finds near-ties rather than the exact neighbours (the
 * top 10 found is 94% as similar as the exact one at 200); 200 buys most of what is cheap.
 */
export const DEFAULT_EF_SEARCH = 200;

/**
 * Settings every database session runs with, so that a search is one statement (no transaction to
 * `SET LOCAL` them in: on the embedded database a transaction holds every other connection's queries
 * until its COMMIT):
 * - HNSW searches use DEFAULT_EF_SEARCH candidates, and iterative scans keep filtered searches (one
 *   session's chunks) from coming back short;
 * - chunks are read from memory (embedded) or SSD: random reads cost about as much as sequential ones,
 *   which lets the planner pick the GIN index for a selective text filter.
 * A PostgreSQL server gets them as startup options of each pooled connection (`startupOptions`); the
 * embedded database serves all connections from one backend session and ignores startup options, so
 * its thread SETs them once on that session (`setStatements`).
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  'hnsw.ef_search': String(DEFAULT_EF_SEARCH),
  'hnsw.iterative_scan': 'relaxed_order',
  random_page_cost: '1.1',
};

/** libpq `options`: `-c name=value` per setting. */
export function startupOptions(settings = SESSION_SETTINGS): string {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
}

/** The same settings as SET statements for one session. */
export function setStatements(settings = SESSION_SETTINGS): string {
  return Object.entries(settings)
    .map(([name, value]) => `SET ${name} = '${value}';`)
    .join(' ');
}
