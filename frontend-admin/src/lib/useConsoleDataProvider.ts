import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from './consoleApi';

/** The data provider with the console's custom calls (upload, re-ingest, downloads, migration, settings). */
export function useConsoleDataProvider(): ConsoleDataProvider {
  return useDataProvider<ConsoleDataProvider>();
}
