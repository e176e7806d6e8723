import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Card, CardContent, CardHeader, Divider, Stack, Typography } from '@mui/material';
import { type ReactNode, useRef, useState } from 'react';
import { useRefresh } from 'react-admin';
import {
  MSG_INVALID_FILE,
  MSG_INVALID_FILE_TITLE,
  MSG_SA_EXPORT_FAILED,
  MSG_SA_EXPORT_FAILED_TITLE,
  MSG_SA_EXPORT_SUCCESS,
  MSG_SA_EXPORT_SUCCESS_TITLE,
  MSG_SA_IMPORT_FAILED,
  MSG_SA_IMPORT_FAILED_TITLE,
  MSG_SA_IMPORT_SUCCESS_TITLE,
} from '@/constants';
import { importSourceOf, importSummary, isImportFile } from '@/lib/analytics';
import type { ImportMode, ImportOutcome } from '@/lib/consoleApi';
import { sessionsExportFileName } from '@/lib/sessions';
import { useConferenceTimeZone } from '@/lib/useConference';
import { errorText, saveBlob } from '@/lib/http';
import { useToast } from '@/lib/toast';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import { ImportModeChoice, type ImportModeWording } from '@/components/ImportModeChoice';

/** A panel's title and what it does. */
function PanelHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {children}
      </Typography>
    </>
  );
}

/** 'Export Sessions': every session as a JSON file named with today's date. */
function ExportSessions() {
  const dataProvider = useConsoleDataProvider();
  const timeZone = useConferenceTimeZone();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportAll = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await dataProvider.exportSessions();
      saveBlob(blob, filename || sessionsExportFileName(new Date(), timeZone));
      toast(MSG_SA_EXPORT_SUCCESS_TITLE, MSG_SA_EXPORT_SUCCESS, 'success');
    } catch (err) {
      toast(MSG_SA_EXPORT_FAILED_TITLE, errorText(err) || MSG_SA_EXPORT_FAILED, 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ flex: 1 }}>
      <PanelHeading title="Export Sessions">Downloads every session as a JSON file named with today&apos;s date.</PanelHeading>
      <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void exportAll()} disabled={exporting}>
        {exporting ? 'Exporting...' : 'Export Sessions'}
      </Button>
    </Box>
  );
}

/** The import's state: the chosen file (checked when chosen), the mode, the import running and its outcome. */
function useSessionImport() {
  const dataProvider = useConsoleDataProvider();
  const toast = useToast();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [importing, setImporting] = useState(false);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const choose = (chosen: File | null) => {
    if (chosen && !isImportFile(chosen)) {
      toast(MSG_INVALID_FILE_TITLE, MSG_INVALID_FILE, 'error');
      clear();
      return;
    }
    setFile(chosen);
    setOutcome(null);
  };

  const importFile = async () => {
    if (!file) return;
    setImporting(true);
    try {
      const source = importSourceOf(file, await file.text());
      if (!source) throw new Error('');
      const result = await dataProvider.importSessions(source, mode);
      setOutcome(result);
      toast(MSG_SA_IMPORT_SUCCESS_TITLE, result.message || importSummary(result), 'success');
      clear();
      refresh();
    } catch (err) {
      toast(MSG_SA_IMPORT_FAILED_TITLE, errorText(err) || MSG_SA_IMPORT_FAILED, 'error');
    } finally {
      setImporting(false);
    }
  };

  return { input, file, importing, mode, setMode, outcome, choose, importFile };
}

const IMPORT_MODE: ImportModeWording = {
  id: 'import-mode-label',
  legend: 'Sessions already here',
  labels: {
    upsert: 'Update matching sessions (same id or source id), keeping their documents; add the others',
    'create-new': 'Add as new (every session becomes a new copy)',
  },
};

/** 'Import Sessions': a chosen file, the mode, and how many sessions were created, updated and skipped. */
function ImportSessions() {
  const { input, file, importing, mode, setMode, outcome, choose, importFile } = useSessionImport();
  return (
    <Box sx={{ flex: 1 }}>
      <PanelHeading title="Import Sessions">A sessions export (.json), a pretalx schedule.json or a frab schedule.xml.</PanelHeading>
      <ImportModeChoice wording={IMPORT_MODE} mode={mode} onChange={setMode} disabled={importing} sx={{ mb: 1.5 }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          accept=".json,.xml"
          aria-label="Sessions file (JSON or XML)"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          disabled={importing}
        />
        <Button variant="contained" startIcon={<UploadIcon />} onClick={() => void importFile()} disabled={!file || importing}>
          {importing ? 'Importing...' : 'Import Sessions'}
        </Button>
      </Stack>
      {outcome && (
        <Alert severity={outcome.skipped ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="import-outcome">
          {importSummary(outcome)}
        </Alert>
      )}
    </Box>
  );
}

/**
 * PRODUCT.md §2/§4/§5 'Session Data Migration': export every session as JSON; import a chosen file (an export,
 * a pretalx schedule.json or a frab schedule.xml), updating the sessions it matches or adding new copies,
 * and say how many were created, updated and skipped.
 */
export function SessionDataMigration() {
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardHeader
        title="Session Data Migration"
        subheader="Export all sessions as JSON, or import sessions from an export file."
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} divider={<Divider orientation="vertical" flexItem />}>
          <ExportSessions />
          <ImportSessions />
        </Stack>
      </CardContent>
    </Card>
  );
}
