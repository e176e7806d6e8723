import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { MSG_IMPORT_COMPLETE_TITLE, MSG_IMPORT_FAILED_INVALID } from '@/constants';
import type { ConsoleDataProvider, ImportMode } from '@/lib/consoleApi';
import { importCompleteMessage, importPlan, parseSessionImport } from '@/lib/sessions';
import { useToast } from '@/lib/toast';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import { ImportModeChoice, type ImportModeWording } from '@/components/ImportModeChoice';

type Sessions = Extract<ReturnType<typeof parseSessionImport>, { ok: true }>['sessions'];

/**
 * Sends the sessions one by one: a row whose id is a session already here updates it (mode 'upsert'), the
 * others are created. Failures are skipped (PRODUCT.md §5).
 */
async function sendSessions(
  dataProvider: ConsoleDataProvider,
  sessions: Sessions,
  mode: ImportMode,
): Promise<{ created: number; updated: number }> {
  const existing =
    mode === 'upsert' ? new Set((await dataProvider.getAdminSessions().catch(() => [])).map((s) => s.id)) : new Set<string>();
  let created = 0;
  let updated = 0;
  for (const { payload, updateId } of importPlan(sessions, existing, mode)) {
    try {
      if (updateId) {
        await dataProvider.update('sessions', { id: updateId, data: payload, previousData: { id: updateId } });
        updated++;
      } else {
        await dataProvider.create('sessions', { data: payload });
        created++;
      }
    } catch {
      // PRODUCT.md §5: failures are skipped.
    }
  }
  return { created, updated };
}

const IMPORT_MODE: ImportModeWording = {
  id: 'admin-import-mode-label',
  legend: 'Sessions already here (same id)',
  labels: { upsert: 'Update matching sessions, keeping their documents', 'create-new': 'Add as new' },
};

/** The pasted JSON array of sessions. */
function SessionsJsonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Sessions JSON"
      multiline
      minRows={10}
      maxRows={20}
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder='[{"title": "Opening Keynote", "speakers": ["Jane Doe"], "format": "keynote"}]'
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
    />
  );
}

/** The pasted text, its check, the mode and the import; `onDone` once the sessions were sent. */
function useSessionsImport(onDone: () => void) {
  const [text, setText] = useState('');
  const [importing, setImporting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const toast = useToast();

  const runImport = async () => {
    const parsed = parseSessionImport(text);
    if (!parsed.ok) {
      setInvalid(true);
      toast(MSG_IMPORT_FAILED_INVALID, undefined, 'error');
      return;
    }
    setInvalid(false);
    setImporting(true);
    const { created, updated } = await sendSessions(dataProvider, parsed.sessions, mode);
    setImporting(false);
    toast(MSG_IMPORT_COMPLETE_TITLE, importCompleteMessage(created + updated, parsed.sessions.length, { created, updated }), 'success');
    setText('');
    onDone();
    refresh();
  };

  const edit = (value: string) => {
    setText(value);
    setInvalid(false);
  };
  return { text, edit, importing, invalid, mode, setMode, runImport };
}

/**
 * PRODUCT.md §2/§5: paste a JSON array of sessions (the Export file of this tab, for one); they are sent one
 * by one, failures skipped. Rows whose id is an existing session update it unless 'Add as new' is chosen.
 */
export function SessionImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { text, edit, importing, invalid, mode, setMode, runImport } = useSessionsImport(onClose);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  return (
    <Dialog
      open={open}
      onClose={importing ? undefined : onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="import-dialog-title"
    >
      <DialogTitle id="import-dialog-title">Import Sessions</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Paste a JSON array of sessions, or a file this console exported. Each needs a title (else &apos;Untitled Session&apos;); speakers,
          tags, date, format, day, start and end time, location and description are optional.
        </DialogContentText>
        <ImportModeChoice wording={IMPORT_MODE} mode={mode} onChange={setMode} disabled={importing} sx={{ mb: 2 }} />
        <SessionsJsonField value={text} onChange={edit} />
        {invalid && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {MSG_IMPORT_FAILED_INVALID}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={importing}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void runImport()} disabled={!text.trim() || importing}>
          {importing ? 'Importing...' : 'Import Sessions'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
