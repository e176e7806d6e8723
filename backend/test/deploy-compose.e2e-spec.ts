import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { Request } from 'express';
import { parse } from 'yaml';
import { clientIp } from '../src/http/client-ip';
import { loadConfig } from '../src/config/app-config';

/**
 * The compose files publish nothing on every interface except the reverse proxy's ports:
 * Mailpit, the API replicas, PostgreSQL, Redis and MinIO are reachable inside the
 * compose network only, or on 127.0.0.1 for local conveniences such as Mailpit (`--profile mail`).
 */
const ROOT = path.join(__dirname, '..', '..');
const PROXY_SERVICE = 'proxy';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

interface Published {
  service: string;
  mapping: string;
  hostIp: string | null;
}

/** Every port a compose document publishes on the host, with the host address it binds (null: all interfaces). */
function publishedPorts(composeYaml: string): Published[] {
  const doc = parse(composeYaml) as { services?: Record<string, { ports?: unknown[] }> };
  const out: Published[] = [];
  for (const [service, def] of Object.entries(doc.services ?? {})) {
    for (const entry of def?.ports ?? []) {
      if (typeof entry === 'object' && entry !== null) {
        const long = entry as { host_ip?: string; published?: unknown; target?: unknown };
        out.push({ service, mapping: JSON.stringify(entry), hostIp: long.host_ip ?? null });
        continue;
      }
      const mapping = String(entry);
      // `${VAR:-80}` holds colons of its own: replace each interpolation by a plain token first.
      const plain = mapping.replace(/\$\{[^}]*\}/g, 'VAR').replace(/\/(tcp|udp)$/, '');
      const ipv6 = /^\[([^\]]+)\]:(.+)$/.exec(plain);
      if (ipv6) {
        out.push({ service, mapping, hostIp: ipv6[1] });
        continue;
      }
      const parts = plain.split(':');
      out.push({ service, mapping, hostIp: parts.length === 3 ? parts[0] : null });
    }
  }
  return out;
}

/** What a compose file publishes on every interface that is not the proxy's. */
function exposedBeyondProxy(composeYaml: string): Published[] {
  return publishedPorts(composeYaml).filter((p) => p.service !== PROXY_SERVICE && !(p.hostIp && LOOPBACK.has(p.hostIp)));
}

function composeFiles(): string[] {
  const candidates = [
    ...fs.readdirSync(ROOT).map((f) => path.join(ROOT, f)),
    ...fs.readdirSync(path.join(ROOT, 'docker')).map((f) => path.join(ROOT, 'docker', f)),
  ];
  return candidates.filter((f) => /(^|[-.])compose([-.][\w-]+)?\.ya?ml$/.test(path.basename(f)));
}

describe('compose files: only the proxy is published on every interface', () => {
  const files = composeFiles();

  it('finds the compose files', () => {
    expect(files.map((f) => path.relative(ROOT, f))).toContain('docker-compose.yml');
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))('%s publishes nothing but the proxy on all interfaces', (_name, file) => {
    expect(exposedBeyondProxy(fs.readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('Mailpit is a local-only convenience: in a profile, and bound to 127.0.0.1 when published', () => {
    const doc = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { profiles?: string[]; environment?: Record<string, string> }>;
    };
    expect(doc.services.mailpit.profiles).toEqual(['mail']);
    expect(publishedPorts(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')).filter((p) => p.service === 'mailpit')).toEqual([
      { service: 'mailpit', mapping: '127.0.0.1:8025:8025', hostIp: '127.0.0.1' },
    ]);
    // The stack mails through SMTP_URL (required), not through a default pointing at Mailpit.
    const anchors = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(anchors).toMatch(/SMTP_URL: \$\{SMTP_URL:\?/);
  });

  it('the API replicas publish no port: they are reached through the proxy', () => {
    const ports = publishedPorts(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'));
    expect(ports.filter((p) => p.service === 'app')).toEqual([]);
    expect(ports.filter((p) => p.service === PROXY_SERVICE).length).toBeGreaterThan(0);
  });

  it('the check itself catches a service published on all interfaces (short, long and interpolated syntax)', () => {
    const bad = `
services:
  proxy: { ports: ["80:80"] }
  mailpit: { ports: ["8025:8025", "127.0.0.1:1025:1025"] }
  postgres: { ports: ["\${PG_PORT:-5432}:5432"] }
  redis: { ports: ["6379"] }
  minio: { ports: [{ target: 9000, published: 9000 }] }
  ok6: { ports: ["[::1]:9001:9001"] }
`;
    expect(exposedBeyondProxy(bad).map((p) => `${p.service} ${p.mapping}`)).toEqual([
      'mailpit 8025:8025',
      'postgres ${PG_PORT:-5432}:5432',
      'redis 6379',
      'minio {"target":9000,"published":9000}',
    ]);
  });

  type ComposeDoc = { services: Record<string, { environment?: Record<string, string>; command?: string | string[] }> };
  const compose = () => parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as ComposeDoc;
  /** The value a `${NAME:-default}` / `${NAME:?message}` entry takes when NAME is not set (or the name it reads). */
  const defaultOf = (value: string) => /^\$\{[A-Z_]+:-([^}]*)\}$/.exec(value)?.[1];
  const variableOf = (value: string) => /^\$\{([A-Z_]+)[:?-]/.exec(value)?.[1];

  it('trusts the proxy hop: a request through the proxy keeps the client address (TRUST_PROXY)', () => {
    for (const service of ['app', 'worker']) {
      const env = compose().services[service].environment!;
      expect(env.TRUST_PROXY).toBeDefined();
      const value = defaultOf(env.TRUST_PROXY) ?? env.TRUST_PROXY;
      const config = loadConfig({ TRUST_PROXY: value }, { dataDir: '/nonexistent', sessionSecret: 'x'.repeat(32) });
      // Never "trust everyone": a client could then name any address in X-Forwarded-For.
      expect(config.trustProxy).not.toBe(true);
      // The proxy sits on the compose network (any private address); the client is on the internet.
      const app = express();
      app.set('trust proxy', config.trustProxy);
      const throughProxy = (forwardedFor: string, proxy = '172.18.0.3') =>
        clientIp(
          Object.create(app.request, {
            headers: { value: { 'x-forwarded-for': forwardedFor } },
            socket: { value: { remoteAddress: proxy } },
          }) as Request,
        );
      expect(throughProxy('203.0.113.9')).toBe('203.0.113.9');
      expect(throughProxy('203.0.113.9', '10.89.0.12')).toBe('203.0.113.9');
      // An address the client made up itself stays to the left of the one the proxy saw.
      expect(throughProxy('1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    }
  });

  it("gives the app its own MinIO user, allowed on the uploads bucket only, never MinIO's root credentials", () => {
    const { services } = compose();
    const app = services.app.environment!;
    const minio = services.minio.environment!;
    expect(variableOf(app.S3_ACCESS_KEY_ID)).not.toBe(variableOf(minio.MINIO_ROOT_USER));
    expect(variableOf(app.S3_SECRET_ACCESS_KEY)).not.toBe(variableOf(minio.MINIO_ROOT_PASSWORD));
    expect(defaultOf(app.S3_ACCESS_KEY_ID)).not.toBe(defaultOf(minio.MINIO_ROOT_USER));
    const setup = services['minio-bucket'];
    const script = ([] as string[]).concat(setup.command ?? []).join(' ');
    expect(script).toMatch(/mc admin user add local "\$\$APP_ACCESS_KEY" "\$\$APP_SECRET_KEY"/);
    expect(script).toMatch(/mc admin policy attach local conference-app --user "\$\$APP_ACCESS_KEY"/);
    // The policy names the bucket and its objects, nothing else.
    const resources = [...script.matchAll(/"Resource":\["([^"]+)"\]/g)].map((m) => m[1]);
    expect(resources).toEqual(['arn:aws:s3:::%s', 'arn:aws:s3:::%s/*']);
    expect(script).not.toMatch(/"Action":\["s3:\*"\]|arn:aws:s3:::\*/);
    expect(setup.environment!.APP_ACCESS_KEY).toBe(app.S3_ACCESS_KEY_ID);
    expect(variableOf(setup.environment!.APP_SECRET_KEY)).toBe(variableOf(app.S3_SECRET_ACCESS_KEY));
  });
});
