import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Card, CardContent, CardHeader, Divider, Stack, Typography } from '@mui/material';
import { type ReactNode, useRef, useState } from 'react';
import { useRefresh } from 'react-admin';
import {
  MSG_IMPORT_UNREADABLE,
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
import { IMPORT_ACCEPT, importSummary, isImportFile, readImportSource } from '@/lib/analytics';
import type { ImportDryRun, ImportMode, ImportOutcome, ImportSource } from '@/lib/consoleApi';
import type { ColumnMapping } from '@/lib/types';
import { sessionsExportFileName } from '@/lib/sessions';
import { useConferenceTimeZone } from '@/lib/useConference';
import { errorText, saveBlob } from '@/lib/http';
import { useToast } from '@/lib/toast';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import { ImportModeChoice, type ImportModeWording } from '@/components/ImportModeChoice';
import { ImportPreviewPanel } from './ImportPreviewPanel';

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

/** The dry run of a chosen file: run when a file, the mode or the column mapping changes. */
function useImportPreview() {
  const dataProvider = useConsoleDataProvider();
  const [dryRun, setDryRun] = useState<ImportDryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping | undefined>(undefined);
  const latest = useRef(0);

  const run = async (source: ImportSource, mode: ImportMode, chosen: ColumnMapping | undefined) => {
    const call = ++latest.current;
    setPreviewing(true);
    setError(null);
    try {
      const result = await dataProvider.previewImport(source, mode, { mapping: chosen });
      if (call !== latest.current) return;
      setDryRun(result);
      setMapping(chosen ?? result.preview.table?.mapping ?? undefined);
    } catch (err) {
      if (call !== latest.current) return;
      setDryRun(null);
      setError(errorText(err) || MSG_SA_IMPORT_FAILED);
    } finally {
      if (call === latest.current) setPreviewing(false);
    }
  };

  const reset = (message: string | null = null) => {
    latest.current++;
    setDryRun(null);
    setMapping(undefined);
    setPreviewing(false);
    setError(message);
  };

  return { dryRun, error, previewing, mapping, run, reset };
}

/** The chosen file: checked when chosen (a wrong type is refused with the spec's toast), read, then dry-run. */
function useChosenFile(preview: ReturnType<typeof useImportPreview>, mode: ImportMode) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<ImportSource | null>(null);

  const clear = () => {
    setFile(null);
    setSource(null);
    preview.reset();
    if (input.current) input.current.value = '';
  };

  const choose = async (chosen: File | null) => {
    if (chosen && !isImportFile(chosen)) {
      toast(MSG_INVALID_FILE_TITLE, MSG_INVALID_FILE, 'error');
      clear();
      return;
    }
    setFile(chosen);
    const read = chosen ? await readImportSource(chosen).catch(() => null) : null;
    setSource(read);
    if (read) await preview.run(read, mode, undefined);
    else preview.reset(chosen ? MSG_IMPORT_UNREADABLE : null);
  };

  return { input, file, source, choose, clear };
}

/**
 * The import's state: the chosen file and its dry run, the mode, the column mapping and
 * `applyConference`, the import running and its outcome.
 */
function useSessionImport() {
  const dataProvider = useConsoleDataProvider();
  const toast = useToast();
  const refresh = useRefresh();
  const [importing, setImporting] = useState(false);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [applyConference, setApplyConference] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const preview = useImportPreview();
  const chosen = useChosenFile(preview, mode);
  const { file, source } = chosen;

  const choose = async (next: File | null) => {
    setOutcome(null);
    setApplyConference(false);
    await chosen.choose(next);
  };
  const changeMode = (next: ImportMode) => {
    setMode(next);
    if (source) void preview.run(source, next, preview.mapping);
  };
  const changeMapping = (next: ColumnMapping) => {
    if (source) void preview.run(source, mode, next);
  };

  const importFile = async () => {
    if (!file || !source) return;
    setImporting(true);
    try {
      const result = await dataProvider.importSessions(source, mode, { mapping: preview.mapping, applyConference });
      setOutcome(result);
      toast(MSG_SA_IMPORT_SUCCESS_TITLE, result.message || importSummary(result), 'success');
      chosen.clear();
      setApplyConference(false);
      refresh();
    } catch (err) {
      toast(MSG_SA_IMPORT_FAILED_TITLE, errorText(err) || MSG_SA_IMPORT_FAILED, 'error');
    } finally {
      setImporting(false);
    }
  };

  const ready = !!file && !!source && !importing && !preview.previewing && !preview.error;
  return {
    input: chosen.input,
    file,
    importing,
    mode,
    changeMode,
    outcome,
    choose,
    importFile,
    ready,
    preview,
    changeMapping,
    applyConference,
    setApplyConference,
  };
}

const IMPORT_MODE: ImportModeWording = {
  id: 'import-mode-label',
  legend: 'Sessions already here',
  labels: {
    upsert: 'Update matching sessions (same id or source id), keeping their documents; add the others',
    'create-new': 'Add as new (every session becomes a new copy)',
  },
};

/** The dry run's progress, its error, or its preview. */
function PreviewArea({ state }: { state: ReturnType<typeof useSessionImport> }) {
  const { preview, file, importing, applyConference, setApplyConference, changeMapping } = state;
  return (
    <>
      {preview.previewing && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
          Checking the file...
        </Typography>
      )}
      {preview.error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="import-preview-error">
          {preview.error}
        </Alert>
      )}
      {file && preview.dryRun && (
        <ImportPreviewPanel
          dryRun={preview.dryRun}
          mapping={preview.mapping}
          applyConference={applyConference}
          disabled={importing || preview.previewing}
          onMappingChange={changeMapping}
          onApplyConferenceChange={setApplyConference}
        />
      )}
    </>
  );
}

/** 'Import Sessions': a chosen file, its dry run (with the column mapping for CSV/XLSX), the mode, and what the import did. */
function ImportSessions() {
  const state = useSessionImport();
  const { input, importing, mode, changeMode, outcome, choose, importFile, ready } = state;
  return (
    <Box sx={{ flex: 1 }}>
      <PanelHeading title="Import Sessions">
        A sessions export (.json), a pretalx or Sessionize program (.json), a frab schedule.xml, an iCalendar feed (.ics), or a CSV/XLSX
        sheet. The file is checked first: nothing is written until you import.
      </PanelHeading>
      <ImportModeChoice wording={IMPORT_MODE} mode={mode} onChange={changeMode} disabled={importing} sx={{ mb: 1.5 }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          aria-label="Sessions file (JSON, XML, iCalendar, CSV or XLSX)"
          onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          disabled={importing}
        />
        <Button variant="contained" startIcon={<UploadIcon />} onClick={() => void importFile()} disabled={!ready}>
          {importing ? 'Importing...' : 'Import Sessions'}
        </Button>
      </Stack>
      <PreviewArea state={state} />
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
 * a pretalx or Sessionize program, a frab schedule.xml, an iCalendar feed, a CSV/XLSX sheet), previewed by a
 * dry run first, updating the sessions it matches or adding new copies, and say how many were created,
 * updated and skipped.
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
