import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type AiProviderName = 'local' | 'openai';

/** A setting whose value cannot be used: the message names the setting. */
export class ConfigError extends Error {}

/**
 * Typed, validated settings. Built once at boot by `loadConfig`; `process.env` is read nowhere else.
 * Every field is documented in `.env.example` at the repository root.
 */
export class AppConfig {
  readonly port!: number;
  readonly dataDir!: string;
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly aiProvider!: AiProviderName;
  readonly openaiApiKey?: string;
  readonly openaiBaseUrl?: string;
  readonly openaiChatModel!: string;
  readonly openaiEmbeddingModel!: string;
  readonly embeddingDim!: number;
  readonly smtpUrl?: string;
  readonly mailFrom!: string;
  readonly appUrl!: string;
  readonly sessionSecret!: string;
  readonly adminEmails!: string[];
  readonly superadminEmails!: string[];
  readonly seedDemo!: boolean;
  readonly nodeEnv!: string;
  /** Sign-ins per minute for one email address from one client address (LOGIN_LIMIT_PER_EMAIL). */
  readonly loginLimitPerEmail!: number;
  readonly loginLimitPerIp!: number;
  readonly chatLimitPerUser!: number;
  readonly emailLimitPerUser!: number;
  /** Looser ceiling on sign-ins per minute for one email address from anywhere (inbox flooding). */
  readonly loginLimitPerEmailTotal!: number;
  readonly chatLimitPerIp!: number;
  readonly takeawaysLimitPerUser!: number;
  readonly takeawaysLimitPerIp!: number;
  readonly searchLimitPerUser!: number;
  readonly searchLimitPerIp!: number;
  /** Emails per day per user, per minute per client address, per hour for the whole installation. */
  readonly emailLimitPerUserDay!: number;
  readonly emailLimitPerIp!: number;
  readonly emailLimitGlobalHour!: number;
  /** Light writes (new chat thread, answer feedback) per minute per user and per client address. */
  readonly writeLimitPerUser!: number;
  readonly writeLimitPerIp!: number;
  /** Sign-in link mails per hour to one address, and to all addresses together. */
  readonly signInLinkLimitPerEmailHour!: number;
  readonly signInLinkLimitGlobalHour!: number;
  /** Chat histories mailed to addresses other than the sender's own: per user per hour and per day, per recipient per day. */
  readonly historyMailLimitPerUserHour!: number;
  readonly historyMailLimitPerUserDay!: number;
  readonly historyMailLimitPerRecipientDay!: number;
  /** Longest wait for an OpenAI response, and for each chunk of a streamed one (OPENAI_TIMEOUT_MS). */
  readonly openaiTimeoutMs!: number;
  /** Retries of a failed OpenAI call (connection errors, 429, 5xx) (OPENAI_MAX_RETRIES). */
  readonly openaiMaxRetries!: number;
  /**
   * Daily spend cap in USD for the openai provider (OPENAI_DAILY_BUDGET_USD); undefined: no cap
   * (`0`). Unset with AI_PROVIDER=openai: DEFAULT_OPENAI_DAILY_BUDGET_USD.
   */
  readonly openaiDailyBudgetUsd?: number;
  /** Longest completion the model may write per call, in tokens (OPENAI_MAX_TOKENS). */
  readonly openaiMaxTokens!: number;
  /**
   * Connections each process keeps to the database (DB_POOL_SIZE). Default: 10 for the embedded
   * database (one backend executes every statement), DEFAULT_SERVER_POOL_SIZE for a server.
   */
  readonly dbPoolSize?: number;
  /**
   * HNSW candidate list size of vector searches (HNSW_EF_SEARCH); unset: by embeddings (`efSearchOf`:
   * 40 for the local ones, 200 for a model's).
   */
  readonly hnswEfSearch?: number;
  /** Pool: longest wait for a database connection, and longest statement (ms). */
  readonly dbConnectionTimeoutMs!: number;
  readonly dbStatementTimeoutMs!: number;
  readonly ingestConcurrency!: number;
  /**
   * INGEST_IN_API: whether API processes consume ingestion jobs too (default true). `false` with
   * REDIS_URL leaves ingestion to `npm run worker` processes, scaled on their own.
   */
  readonly ingestInApi!: boolean;
  /** Key prefix of the Bull queues in Redis (QUEUE_PREFIX), so several installations can share one Redis. */
  readonly queuePrefix!: string;
  readonly maxUploadBytes!: number;
  /** Model of the OpenAI-compatible transcription endpoint (TRANSCRIPTION_MODEL). */
  readonly transcriptionModel!: string;
  /** Base URL of `POST /audio/transcriptions` (TRANSCRIPTION_BASE_URL); unset: OPENAI_BASE_URL (then OpenAI's). */
  readonly transcriptionBaseUrl?: string;
  /** Largest recording accepted by the Recordings upload, in bytes (RECORDING_MAX_MB). */
  readonly recordingMaxBytes!: number;
  /** Longest recording accepted, in seconds (RECORDING_MAX_HOURS), read with ffprobe before anything is sent. */
  readonly recordingMaxSeconds!: number;
  /**
   * Longest piece of audio sent in one transcription request (TRANSCRIPTION_PIECE_SECONDS, default 600:
   * about 2.4 MB at the 32 kbit/s mono MP3 the pieces are encoded as, far under the endpoint's 25 MB).
   * Tests set a few seconds to exercise the splitting without large files.
   */
  readonly transcriptionPieceSeconds!: number;
  /** OCR of PDF pages without a usable text layer (OCR=off disables it). */
  readonly ocrEnabled!: boolean;
  /** Pages read by OCR at most per document (OCR_MAX_PAGES); later scanned pages are left out. */
  readonly ocrMaxPages!: number;
  /** Time limit for the OCR of one page (OCR_PAGE_TIMEOUT_SECONDS); a page over it is left unread. */
  readonly ocrPageTimeoutSeconds!: number;
  /** Time the PDF parsing thread may work on one document (PDF_PARSE_TIMEOUT_SECONDS). */
  readonly pdfParseTimeoutSeconds!: number;
  /** JS heap of the PDF parsing thread (PDF_PARSE_MAX_MEMORY_MB): a document needing more ends in error. */
  readonly pdfParseMaxMemoryMb!: number;
  /** Express `trust proxy`: which proxies may tell the client address through X-Forwarded-For. */
  readonly trustProxy!: boolean | number | string;
  /** S3-compatible object storage for uploads (S3_BUCKET and friends); unset: `DATA_DIR/uploads`. */
  readonly s3?: S3Config;
  /** Directory holding the built front ends (`frontend-attendee/dist`, `frontend-admin/dist`). */
  readonly webRoot!: string;
  /**
   * METRICS_TOKEN: turns on GET /api/metrics (Prometheus) for a scraper sending it as a bearer token;
   * unset: metrics are off and nothing is collected.
   */
  readonly metricsToken?: string;

  /** Recordings are transcribed only by an OpenAI-compatible endpoint (AI_PROVIDER=openai). */
  get transcriptionEnabled(): boolean {
    return this.aiProvider === 'openai';
  }
  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }
  get uploadsDir(): string {
    return path.join(this.dataDir, 'uploads');
  }
  get outboxDir(): string {
    return path.join(this.dataDir, 'outbox');
  }
  get pgliteDir(): string {
    return path.join(this.dataDir, 'pglite');
  }

  constructor(values: Omit<AppConfig, 'isProduction' | 'uploadsDir' | 'outboxDir' | 'pgliteDir' | 'transcriptionEnabled'>) {
    Object.assign(this, values);
  }
}

type Env = Record<string, string | undefined>;

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * S3_BUCKET turns on object storage for uploads; S3_ENDPOINT (MinIO or any S3-compatible store;
 * unset: AWS), S3_REGION (us-east-1), S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (unset: the SDK's
 * default credential chain, e.g. an instance role), S3_FORCE_PATH_STYLE (true when an endpoint is given).
 */
function s3(env: Env): S3Config | undefined {
  const bucket = str(env, 'S3_BUCKET');
  const others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((n) => str(env, n));
  if (!bucket) {
    if (others.length) throw new ConfigError(`${others[0]} is set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3.`);
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a valid bucket name (3-63 lowercase letters, digits, dots, hyphens; got "${bucket}").`);
  }
  const accessKeyId = str(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  }
  const endpoint = url(env, 'S3_ENDPOINT', ['http', 'https']);
  const region = str(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) throw new ConfigError(`S3_REGION is not a region name (got "${region}").`);
  return { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)) };
}

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}").`);
  }
  return Number(raw);
}

/** A whole number in [min, max], or undefined when the setting is not given. */
function optionalInt(env: Env, name: string, min: number, max: number): number | undefined {
  return str(env, name) === undefined ? undefined : int(env, name, min, min, max);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

/** OCR: on (default) or off. */
function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off (got "${raw}").`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (got "${raw}").`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must use one of: ${protocols.join(', ')} (got "${parsed.protocol}").`);
  }
  return raw;
}

/** The daily AI budget when AI_PROVIDER=openai and OPENAI_DAILY_BUDGET_USD is not set. */
export const DEFAULT_OPENAI_DAILY_BUDGET_USD = 20;

function money(env: Env, name: string, fallback?: number): number | undefined {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (raw === '0') return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0 || Number(raw) > 1_000_000) {
    throw new ConfigError(`${name} must be an amount in USD such as 25 or 2.50, or 0 for no cap (got "${raw}").`);
  }
  return Number(raw);
}

function emails(env: Env, name: string): string[] {
  const raw = str(env, name);
  if (!raw) return [];
  const list = raw
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const e of list) {
    if (!/^[^\s@]+@[^\s@]+$/.test(e)) throw new ConfigError(`${name} contains an invalid email address: "${e}".`);
  }
  return list;
}

/**
 * TRUST_PROXY: `false` (no proxy: the socket address is the client), `true` (any: only behind a proxy
 * that overwrites X-Forwarded-For), a hop count, or a comma-separated list of addresses, subnets and
 * the names loopback, linklocal, uniquelocal. Default: loopback only (a proxy on this host); the app
 * is published directly otherwise, and trusting private ranges would let any host on them choose its
 * own address (and so its rate-limit counters) through X-Forwarded-For.
 */
function trustProxy(env: Env): boolean | number | string {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === undefined) return 'loopback';
  if (['true', 'false'].includes(raw.toLowerCase())) return raw.toLowerCase() === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of entries) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(e)) {
      throw new ConfigError(`TRUST_PROXY must be true, false, a hop count or a list of addresses/subnets (got "${e}").`);
    }
  }
  return entries.join(', ');
}

/** Shortest METRICS_TOKEN accepted: a scraper's bearer token must not be guessable. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** METRICS_TOKEN, when set: at least MIN_METRICS_TOKEN_LENGTH characters, no spaces. */
function metricsToken(env: Env): string | undefined {
  const token = str(env, 'METRICS_TOKEN');
  if (token === undefined) return undefined;
  if (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token)) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (e.g. openssl rand -hex 32).`,
    );
  }
  return token;
}

/** The session secret: from SESSION_SECRET, else generated once and kept in DATA_DIR (never in code). */
function sessionSecret(env: Env, dataDir: string, production: boolean): string {
  const given = str(env, 'SESSION_SECRET');
  if (given) {
    if (given.length < 16) throw new ConfigError('SESSION_SECRET must be at least 16 characters long.');
    return given;
  }
  if (production) throw new ConfigError('SESSION_SECRET must be set when NODE_ENV=production.');
  const file = path.join(dataDir, '.session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function ingestInApi(env: Env): boolean {
  const value = bool(env, 'INGEST_IN_API', true);
  if (!value && !str(env, 'REDIS_URL')) {
    throw new ConfigError('INGEST_IN_API=false needs REDIS_URL: without Redis the API process runs ingestion itself.');
  }
  return value;
}

function queuePrefix(env: Env): string {
  const raw = str(env, 'QUEUE_PREFIX') ?? 'conference-assistant';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(raw)) {
    throw new ConfigError(`QUEUE_PREFIX may hold only letters, digits and _ . : - (got "${raw}").`);
  }
  return raw;
}

/** The rate limits (PRODUCT.md §9), each setting within its bounds. */
function rateLimits(env: Env) {
  return {
    loginLimitPerEmail: int(env, 'LOGIN_LIMIT_PER_EMAIL', 10, 1, 100000),
    loginLimitPerIp: int(env, 'LOGIN_LIMIT_PER_IP', 300, 1, 1000000),
    chatLimitPerUser: int(env, 'CHAT_LIMIT_PER_USER', 30, 1, 100000),
    emailLimitPerUser: int(env, 'EMAIL_LIMIT_PER_USER', 10, 1, 100000),
    loginLimitPerEmailTotal: int(env, 'LOGIN_LIMIT_PER_EMAIL_TOTAL', 30, 1, 100000),
    chatLimitPerIp: int(env, 'CHAT_LIMIT_PER_IP', 600, 1, 1000000),
    takeawaysLimitPerUser: int(env, 'TAKEAWAYS_LIMIT_PER_USER', 10, 1, 100000),
    takeawaysLimitPerIp: int(env, 'TAKEAWAYS_LIMIT_PER_IP', 300, 1, 1000000),
    searchLimitPerUser: int(env, 'SEARCH_LIMIT_PER_USER', 60, 1, 100000),
    searchLimitPerIp: int(env, 'SEARCH_LIMIT_PER_IP', 1200, 1, 1000000),
    emailLimitPerUserDay: int(env, 'EMAIL_LIMIT_PER_USER_DAY', 50, 1, 100000),
    emailLimitPerIp: int(env, 'EMAIL_LIMIT_PER_IP', 60, 1, 1000000),
    emailLimitGlobalHour: int(env, 'EMAIL_LIMIT_GLOBAL_HOUR', 500, 1, 10000000),
    writeLimitPerUser: int(env, 'WRITE_LIMIT_PER_USER', 60, 1, 100000),
    writeLimitPerIp: int(env, 'WRITE_LIMIT_PER_IP', 1200, 1, 1000000),
    signInLinkLimitPerEmailHour: int(env, 'SIGN_IN_LINK_LIMIT_PER_EMAIL_HOUR', 30, 1, 100000),
    signInLinkLimitGlobalHour: int(env, 'SIGN_IN_LINK_LIMIT_GLOBAL_HOUR', 300, 1, 10000000),
    historyMailLimitPerUserHour: int(env, 'HISTORY_MAIL_LIMIT_PER_USER_HOUR', 5, 1, 100000),
    historyMailLimitPerUserDay: int(env, 'HISTORY_MAIL_LIMIT_PER_USER_DAY', 20, 1, 100000),
    historyMailLimitPerRecipientDay: int(env, 'HISTORY_MAIL_LIMIT_PER_RECIPIENT_DAY', 5, 1, 100000),
  };
}

/** Recordings and their transcription (README, Settings). */
function recordings(env: Env) {
  return {
    transcriptionModel: str(env, 'TRANSCRIPTION_MODEL') ?? 'whisper-1',
    transcriptionBaseUrl: url(env, 'TRANSCRIPTION_BASE_URL', ['http', 'https']) ?? url(env, 'OPENAI_BASE_URL', ['http', 'https']),
    recordingMaxBytes: int(env, 'RECORDING_MAX_MB', 500, 1, 100_000) * 1024 * 1024,
    recordingMaxSeconds: int(env, 'RECORDING_MAX_HOURS', 4, 1, 48) * 3600,
    transcriptionPieceSeconds: int(env, 'TRANSCRIPTION_PIECE_SECONDS', 600, 2, 3000),
  };
}

export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const port = int(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(overrides.dataDir ?? str(env, 'DATA_DIR') ?? './data');
  const aiProvider = (str(env, 'AI_PROVIDER') ?? 'local') as AiProviderName;
  if (!['local', 'openai'].includes(aiProvider)) {
    throw new ConfigError(`AI_PROVIDER must be "local" or "openai" (got "${aiProvider}").`);
  }
  const openaiApiKey = str(env, 'OPENAI_API_KEY');
  if (aiProvider === 'openai' && !openaiApiKey) {
    throw new ConfigError('OPENAI_API_KEY must be set when AI_PROVIDER=openai.');
  }
  const appUrl = (url(env, 'APP_URL', ['http', 'https']) ?? `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  const config = new AppConfig({
    port,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    aiProvider,
    openaiApiKey,
    openaiBaseUrl: url(env, 'OPENAI_BASE_URL', ['http', 'https']),
    openaiChatModel: str(env, 'OPENAI_CHAT_MODEL') ?? 'gpt-4o-mini',
    openaiEmbeddingModel: str(env, 'OPENAI_EMBEDDING_MODEL') ?? 'text-embedding-3-small',
    embeddingDim: int(env, 'EMBEDDING_DIM', 384, 16, 2000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Conference Assistant <no-reply@conference.local>',
    appUrl,
    sessionSecret: overrides.sessionSecret ?? sessionSecret(env, dataDir, production),
    adminEmails: emails(env, 'ADMIN_EMAILS'),
    superadminEmails: emails(env, 'SUPERADMIN_EMAILS'),
    seedDemo: bool(env, 'SEED_DEMO', true),
    nodeEnv,
    ...rateLimits(env),
    openaiTimeoutMs: int(env, 'OPENAI_TIMEOUT_MS', 45000, 100, 600000),
    openaiMaxRetries: int(env, 'OPENAI_MAX_RETRIES', 2, 0, 5),
    openaiDailyBudgetUsd: money(env, 'OPENAI_DAILY_BUDGET_USD', aiProvider === 'openai' ? DEFAULT_OPENAI_DAILY_BUDGET_USD : undefined),
    openaiMaxTokens: int(env, 'OPENAI_MAX_TOKENS', 1500, 16, 100000),
    dbPoolSize: optionalInt(env, 'DB_POOL_SIZE', 1, 500),
    hnswEfSearch: optionalInt(env, 'HNSW_EF_SEARCH', 1, 1000),
    dbConnectionTimeoutMs: int(env, 'DB_CONNECTION_TIMEOUT_MS', 10000, 100, 600000),
    dbStatementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 60000, 0, 3600000),
    ingestConcurrency: int(env, 'INGEST_CONCURRENCY', 1, 1, 32),
    ingestInApi: ingestInApi(env),
    queuePrefix: queuePrefix(env),
    maxUploadBytes: 50 * 1024 * 1024,
    ...recordings(env),
    ocrEnabled: onOff(env, 'OCR', true),
    ocrMaxPages: int(env, 'OCR_MAX_PAGES', 200, 0, 100000),
    ocrPageTimeoutSeconds: int(env, 'OCR_PAGE_TIMEOUT_SECONDS', 60, 1, 3600),
    pdfParseTimeoutSeconds: int(env, 'PDF_PARSE_TIMEOUT_SECONDS', 300, 1, 86400),
    pdfParseMaxMemoryMb: int(env, 'PDF_PARSE_MAX_MEMORY_MB', 512, 32, 65536),
    trustProxy: trustProxy(env),
    s3: s3(env),
    webRoot: path.resolve(str(env, 'WEB_ROOT') ?? path.join(__dirname, '..', '..', '..')),
    metricsToken: metricsToken(env),
    ...overrides,
  });
  return config;
}
