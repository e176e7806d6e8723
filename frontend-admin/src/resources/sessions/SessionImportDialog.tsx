import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { MSG_IMPORT_COMPLETE_TITLE, MSG_IMPORT_FAILED_INVALID } from '@/constants';
import { importCompleteMessage, parseSessionImport } from '@/lib/sessions';
import { useToast } from '@/lib/toast';

/** SPEC §2/§5: paste a JSON array of sessions; they are created one by one, failures skipped. */
export function SessionImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [importing, setImporting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const dataProvider = useDataProvider();
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
    let imported = 0;
    for (const data of parsed.sessions) {
      try {
        await dataProvider.create('sessions', { data });
        imported++;
      } catch {
        // SPEC §5: failures are skipped.
      }
    }
    setImporting(false);
    toast(MSG_IMPORT_COMPLETE_TITLE, importCompleteMessage(imported, parsed.sessions.length), 'success');
    setText('');
    onClose();
    refresh();
  };

  return (
    <Dialog open={open} onClose={importing ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Import Sessions</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Paste a JSON array of sessions. Each needs a title (else 'Untitled Session'); speakers, tags, date and format are optional.
        </DialogContentText>
        <TextField
          label="Sessions JSON"
          multiline
          minRows={10}
          maxRows={20}
          fullWidth
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
          placeholder='[{"title": "Opening Keynote", "speakers": ["Jane Doe"], "format": "keynote"}]'
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
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
