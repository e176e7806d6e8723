import fs from 'node:fs';
import { E2EState, STATE_FILE } from './env';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as E2EState;
  for (const pid of state.pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
