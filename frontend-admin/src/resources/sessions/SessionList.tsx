import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, DeleteWithConfirmButton, FunctionField, List, TextField, useRefresh } from 'react-admin';
import {
  MSG_EXPORT_SUCCESS_TITLE,
  MSG_SA_EXPORT_FAILED,
  MSG_SA_EXPORT_FAILED_TITLE,
  MSG_SESSION_DELETE_FAILED,
  MSG_SESSION_DELETED,
} from '@/constants';
import { sessionFormatLabel } from '@rules/session-format';
import { formatSessionSchedule } from '@/lib/format';
import { errorText, saveBlob } from '@/lib/http';
import { sessionsExportFileName } from '@/lib/sessions';
import { useToast } from '@/lib/toast';
import type { Session } from '@/lib/types';
import { useConferenceTimeZone } from '@/lib/useConference';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import { SessionCreate } from './SessionCreate';
import { SessionEdit } from './SessionEdit';
import { SessionImportDialog } from './SessionImportDialog';
import { ScrollRegion } from '@/components/ScrollRegion';

function SessionActions({ onNew, onImport }: { onNew: () => void; onImport: () => void }) {
  const dataProvider = useConsoleDataProvider();
  const timeZone = useConferenceTimeZone();
  const toast = useToast();
  // The super admin's file ({exportedAt, sessions}, named with the conference's date): the Import dialog reads it back.
  const exportSessions = async () => {
    try {
      const { blob, filename: named } = await dataProvider.exportAdminSessions();
      const filename = named || sessionsExportFileName(new Date(), timeZone);
      const { sessions } = JSON.parse(await blob.text()) as { sessions: unknown[] };
      saveBlob(blob, filename);
      toast(MSG_EXPORT_SUCCESS_TITLE, `Exported ${sessions.length} sessions to ${filename}`, 'success');
    } catch (err) {
      toast(MSG_SA_EXPORT_FAILED_TITLE, errorText(err) || MSG_SA_EXPORT_FAILED, 'error');
    }
  };
  return (
    <Stack direction="row" sx={{ py: 1, gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportSessions()}>
        Export
      </Button>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={onImport}>
        Import
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onNew}>
        New Session
      </Button>
    </Stack>
  );
}

/** Speakers one per line (a name may hold commas, so they are never joined with them). */
function SpeakerList({ speakers }: { speakers: string[] }) {
  if (speakers.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {speakers.map((name, i) => (
        <li key={`${i}-${name}`}>{name}</li>
      ))}
    </Box>
  );
}

function DocumentsCell({ session }: { session: Session }) {
  const types = session.documentTypes ?? [];
  if (!session.documentsCount)
    return (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{session.documentsCount}</Typography>
      {types.map((t) => (
        <Chip key={t} size="small" label={t === 'pdf' ? 'PDF' : 'Transcript'} variant="outlined" />
      ))}
    </Stack>
  );
}

/** Edit (in a dialog), and delete after a confirmation. */
function SessionRowActions({ session, onEdit }: { session: Session; onEdit: (session: Session) => void }) {
  const toast = useToast();
  const refresh = useRefresh();
  return (
    <Stack direction="row" spacing={0.5}>
      <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(session)} aria-label={`Edit ${session.title}`}>
        Edit
      </Button>
      <DeleteWithConfirmButton
        record={session}
        resource="sessions"
        redirect={false}
        mutationMode="pessimistic"
        aria-label={`Delete ${session.title}`}
        confirmTitle="Delete Session"
        confirmContent={`Are you sure you want to delete "${session.title}"? This action cannot be undone.`}
        confirmColor="warning"
        mutationOptions={{
          onSuccess: () => {
            toast(MSG_SESSION_DELETED, undefined, 'success');
            refresh();
          },
          onError: () => toast(MSG_SESSION_DELETE_FAILED, undefined, 'error'),
        }}
      />
    </Stack>
  );
}

/** PRODUCT.md §2 Sessions Content: 'Conference Sessions' with Export, Import, New Session and the table. */
export function SessionList() {
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Session | null>(null);
  const timeZone = useConferenceTimeZone();
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        Conference Sessions
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="sessions-time-zone">
        Times are conference time ({timeZone})
      </Typography>
      <List
        resource="sessions"
        title={false}
        pagination={false}
        perPage={10_000}
        empty={false}
        disableSyncWithLocation
        actions={<SessionActions onNew={() => setCreating(true)} onImport={() => setImporting(true)} />}
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <ScrollRegion label="Sessions table">
          <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& .RaDatagrid-headerCell': { fontWeight: 700 } }}>
            <TextField source="title" label="Title" sortable={false} />
            <FunctionField<Session> label="Speakers" render={(s) => <SpeakerList speakers={s.speakers} />} />
            <FunctionField<Session>
              label="Date"
              render={(s) => <span style={{ whiteSpace: 'nowrap' }}>{formatSessionSchedule(s, timeZone)}</span>}
            />
            <FunctionField<Session> label="Type" render={(s) => sessionFormatLabel(s.format)} />
            <FunctionField<Session> label="Documents" render={(s) => <DocumentsCell session={s} />} />
            <FunctionField<Session> label="Actions" render={(s) => <SessionRowActions session={s} onEdit={setEditing} />} />
          </Datagrid>
        </ScrollRegion>
      </List>
      <SessionCreate open={creating} onClose={() => setCreating(false)} />
      <SessionEdit session={editing} onClose={() => setEditing(null)} />
      <SessionImportDialog open={importing} onClose={() => setImporting(false)} />
    </Box>
  );
}
