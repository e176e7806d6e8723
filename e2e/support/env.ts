/** Addresses and paths shared by the global setup and the browser tests. */
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';
export const E2E_SUPERADMIN_EMAIL = 'super@e2e.test';
export const STATE_FILE = `${__dirname}/../../test-results/.e2e-state.json`;

export interface E2EState {
  baseUrl: string;
  dataDir: string;
  mailDir: string;
  pids: number[];
}
