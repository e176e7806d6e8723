import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '@/providers/dataProvider';

/** The data provider with the console's custom calls (upload, re-ingest, downloads, migration). */
export function useConsoleDataProvider(): ConsoleDataProvider {
  return useDataProvider<ConsoleDataProvider>();
}
