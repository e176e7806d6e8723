import type { AppConfig } from '../config/app-config';

/**
 * HNSW candidate list size (`hnsw.ef_search`; pgvector's default is 40) for a model's embeddings
 * (AI_PROVIDER=openai): a model's vectors have true neighbours, and 200 finds most of them cheaply.
 */
export const MODEL_EF_SEARCH = 200;
/**
 * The same for the local feature-hashing embeddings. Measured on 50,000 chunks (bench/RESULTS.md "Chat",
 * bench/history/server-deployment.md): recall@10 against an exact scan 0.17 / 0.30 / 0.45 / 0.60 at
 * 40 / 100 / 200 / 400. Hashed bag-of-words vectors are nearly equidistant, so the graph finds near-ties
 * at any size; the fusion weighs their ranking a third of the full-text side's (LOCAL_TEXT_WEIGHT), and
 * the hybrid top 8 is 92.5% the exact scan's at 40 against 94.1% at 200, while the walk at 200 was two
 * thirds of the search statement (a 50-question burst: 15 against 11 ms of PostgreSQL CPU a question).
 */
export const LOCAL_EF_SEARCH = 40;

/** The HNSW candidate list size this deployment searches with: HNSW_EF_SEARCH, else by embeddings. */
export function efSearchOf(config: Pick<AppConfig, 'aiProvider' | 'hnswEfSearch'>): number {
  return config.hnswEfSearch ?? (config.aiProvider === 'local' ? LOCAL_EF_SEARCH : MODEL_EF_SEARCH);
}

/**
 * Settings every database session runs with, so that a search is one statement (no transaction to
 * `SET LOCAL` them in: on the embedded database a transaction holds every other connection's queries
 * until its COMMIT):
 * - HNSW searches use `efSearch` candidates (`efSearchOf`), and iterative scans keep filtered searches
 *   (one session's chunks) from coming back short;
 * - chunks are read from memory (embedded) or SSD: random reads cost about as much as sequential ones,
 *   which lets the planner pick the GIN index for a selective text filter.
 * A PostgreSQL server gets them as startup options of each pooled connection (`startupOptions`); the
 * embedded database serves all connections from one backend session and ignores startup options, so
 * its thread SETs them once on that session (`setStatements`).
 */
export function sessionSettings(efSearch: number): Readonly<Record<string, string>> {
  return {
    'hnsw.ef_search': String(efSearch),
    'hnsw.iterative_scan': 'relaxed_order',
    random_page_cost: '1.1',
  };
}

/** libpq `options`: `-c name=value` per setting. */
export function startupOptions(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
}

/** The same settings as SET statements for one session. */
export function setStatements(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `SET ${name} = '${value}';`)
    .join(' ');
}
