import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_EMAIL, E2E_SUPERADMIN_EMAIL, E2EState, STATE_FILE } from './env';

const root = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Starts the SMTP sink and the built app (backend serving both front ends) for the browser tests. */
export default async function globalSetup(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-e2e-'));
  const mailDir = path.join(dataDir, 'smtp-received');
  fs.mkdirSync(mailDir, { recursive: true });
  const appPort = Number(process.env.E2E_PORT);
  const smtpPort = await freePort();
  // Playwright empties its outputDir (test-results/) before the run: create it again for the log.
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const logs = fs.openSync(path.join(root, 'test-results', 'e2e-server.log'), 'w');

  const smtp = spawn(process.execPath, [path.join(__dirname, 'smtp-sink.cjs'), String(smtpPort), mailDir], {
    stdio: ['ignore', logs, logs],
  });
  const app = spawn(process.execPath, [path.join(root, 'backend', 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', logs, logs],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(appPort),
      APP_URL: `http://127.0.0.1:${appPort}`,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      SUPERADMIN_EMAILS: E2E_SUPERADMIN_EMAIL,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      AI_PROVIDER: 'local',
    },
  });
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const state: E2EState = { baseUrl, dataDir, mailDir, pids: [app.pid!, smtp.pid!] };
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
  // A loaded machine (several suites at once) can take longer than a minute to migrate and seed.
  await waitFor(`${baseUrl}/api/environment`, Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000));
  process.env.E2E_MAIL_DIR = mailDir;
}
