import { Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** The chat endpoints an answer is asked through (label `endpoint`). */
export type ChatEndpoint = 'stream' | 'message' | 'simple';
/** How an answer ended (label `outcome`): answered, failed (an error event or 502), or the client left. */
export type ChatOutcome = 'answered' | 'failed' | 'aborted';

/**
 * Buckets (seconds) of the time to the first words, around the speed targets: 300 ms on a server,
 * 600 ms on the embedded database, 1 s for 200 questions at once (docs/DEPLOY.md, "Sizing").
 */
export const FIRST_CONTENT_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1, 1.5, 2.5, 5, 10];
/** Buckets (seconds) of a whole streamed answer (the local answerer streams at a hosted model's pace). */
export const STREAM_BUCKETS = [0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120];

/** What the connection pool (node-postgres) tells about itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * Prometheus metrics of this process (GET /api/metrics, docs/DEPLOY.md "Watching the speed"), on only
 * when METRICS_TOKEN is set: how long attendees wait for the first words of an answer and for the
 * whole of it, how answers end, the database connection pool's use and queue, and Node.js's own
 * (CPU, memory, event loop delay, garbage collection). Each process has its own: a scraper reads
 * every API process. Off, nothing is collected and every `observe…` call does nothing.
 */
@Injectable()
export class MetricsService {
  private readonly registry: Registry | null = null;
  private readonly tokenDigest: Buffer | null = null;
  private readonly firstContent?: Histogram<'endpoint'>;
  private readonly stream?: Histogram;
  private readonly answers?: Counter<'endpoint' | 'outcome'>;

  constructor(config: AppConfig, db: DataSource) {
    if (!config.metricsToken) return;
    this.tokenDigest = digest(config.metricsToken);
    const registry = new Registry();
    this.registry = registry;
    collectDefaultMetrics({ register: registry });
    this.firstContent = new Histogram({
      name: 'chat_first_content_seconds',
      help: 'Time from a chat request to the first words the attendee sees: the first content event of a stream, the whole reply of the non-streaming endpoints.',
      labelNames: ['endpoint'],
      buckets: FIRST_CONTENT_BUCKETS,
      registers: [registry],
    });
    this.stream = new Histogram({
      name: 'chat_stream_seconds',
      help: 'Time from a chat stream request to its end ([DONE]).',
      buckets: STREAM_BUCKETS,
      registers: [registry],
    });
    this.answers = new Counter({
      name: 'chat_answers_total',
      help: 'Chat answers by endpoint and outcome (answered, failed, aborted by the client).',
      labelNames: ['endpoint', 'outcome'],
      registers: [registry],
    });
    // node-postgres's pool (the TypeORM driver's `master`), read when scraped.
    const pool = () => (db.driver as unknown as { master?: PoolCounts }).master;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections of this process by state (busy: running a statement or held by a transaction).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'busy' }, p ? p.totalCount - p.idleCount : 0);
        this.set({ state: 'idle' }, p ? p.idleCount : 0);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Requests of this process waiting for a free database connection.',
      registers: [registry],
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    });
  }

  get enabled(): boolean {
    return this.registry !== null;
  }

  /** The first words reached the attendee `seconds` after the request (see `chat_first_content_seconds`). */
  observeFirstContent(endpoint: ChatEndpoint, seconds: number): void {
    this.firstContent?.observe({ endpoint }, seconds);
  }

  /** A stream ended `seconds` after its request. */
  observeStream(seconds: number): void {
    this.stream?.observe(seconds);
  }

  countAnswer(endpoint: ChatEndpoint, outcome: ChatOutcome): void {
    this.answers?.inc({ endpoint, outcome });
  }

  /** Whether an `Authorization` header carries the metrics token (`Bearer <METRICS_TOKEN>`), compared in constant time. */
  authorized(header: string | undefined): boolean {
    if (!this.tokenDigest) return false;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    return token !== undefined && timingSafeEqual(digest(token), this.tokenDigest);
  }

  /** The metrics in Prometheus's text format. */
  async render(): Promise<{ contentType: string; body: string }> {
    if (!this.registry) throw new Error('metrics are off');
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
