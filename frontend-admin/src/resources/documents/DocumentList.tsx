import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, DeleteWithConfirmButton, FunctionField, List, useRefresh } from 'react-admin';
import { DocumentProgress, DocumentStatusChip } from '@/components/DocumentProgress';
import {
  MSG_DELETE_FAILED_TITLE,
  MSG_DOCUMENT_DELETED,
  MSG_REINGEST_FAILED,
  MSG_REINGEST_STARTED,
  UPLOAD_POLL_INTERVAL_MS,
} from '@/constants';
import { anyProcessing, formatBytes, formatZonedDateTime } from '@/lib/format';
import { errorText } from '@/lib/http';
import { useToast } from '@/lib/toast';
import { useConferenceTimeZone } from '@/lib/useConference';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import type { DocumentKind, DocumentRecord } from '@/lib/types';
import { RecordingUploadForm, UploadForm } from './UploadForm';
import { ScrollRegion } from '@/components/ScrollRegion';

/** PRODUCT.md §4: the upload list polls every 2 s while any document is uploaded or chunked, never otherwise. */
export function uploadPollInterval(query: { state: { data?: { data?: DocumentRecord[] } } }): number | false {
  return anyProcessing(query.state.data?.data) ? UPLOAD_POLL_INTERVAL_MS : false;
}

function ReprocessButton({ doc }: { doc: DocumentRecord }) {
  const [busy, setBusy] = useState(false);
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.reingestDocument(doc.id);
      toast(MSG_REINGEST_STARTED, undefined, 'success');
      refresh();
    } catch {
      toast(MSG_REINGEST_FAILED, undefined, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<RefreshIcon />}
      onClick={() => void run()}
      disabled={busy}
      aria-label={`Re-process ${doc.originalFilename}`}
    >
      Re-process
    </Button>
  );
}

/** When the document was uploaded (in the conference's zone, labelled with it), and by whom. */
function DocumentUploaded({ doc }: { doc: DocumentRecord }) {
  const timeZone = useConferenceTimeZone();
  return (
    <Stack>
      <Typography variant="body2">{formatZonedDateTime(doc.createdAt, timeZone)}</Typography>
      {doc.uploaderName && (
        <Typography variant="caption" color="text.secondary">
          by {doc.uploaderName}
        </Typography>
      )}
    </Stack>
  );
}

/** Re-process, and delete after a confirmation. */
function DocumentActions({ doc, resource }: { doc: DocumentRecord; resource: string }) {
  const toast = useToast();
  const refresh = useRefresh();
  return (
    <Stack direction="row" spacing={0.5}>
      <ReprocessButton doc={doc} />
      <DeleteWithConfirmButton
        record={doc}
        resource={resource}
        redirect={false}
        mutationMode="pessimistic"
        aria-label={`Delete ${doc.originalFilename}`}
        confirmTitle="Delete Document"
        confirmContent={`Are you sure you want to delete "${doc.originalFilename}"? Its processed content is removed too. This action cannot be undone.`}
        confirmColor="warning"
        mutationOptions={{
          onSuccess: () => {
            toast(MSG_DOCUMENT_DELETED, undefined, 'success');
            refresh();
          },
          onError: (err) => toast(MSG_DELETE_FAILED_TITLE, errorText(err) || undefined, 'error'),
        }}
      />
    </Stack>
  );
}

/**
 * The Transcripts tab's upload area: the spec's form (TXT or JSON) and, on a tab of its own, the
 * Recordings form (audio, video, captions; not in the spec).
 */
function TranscriptUploadArea() {
  const [tab, setTab] = useState<'file' | 'recordings'>('file');
  return (
    <Box>
      <Tabs value={tab} onChange={(_, v: 'file' | 'recordings') => setTab(v)} aria-label="Upload area" sx={{ mb: 1 }}>
        <Tab value="file" label="Transcript File" />
        <Tab value="recordings" label="Recordings" />
      </Tabs>
      {tab === 'file' ? <UploadForm kind="transcript" /> : <RecordingUploadForm />}
    </Box>
  );
}

/** PRODUCT.md §2 Transcripts / PDFs: the upload form and the documents of that kind. */
export function DocumentList({ kind, resource, heading }: { kind: DocumentKind; resource: string; heading: string }) {
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {heading}
      </Typography>
      {kind === 'transcript' ? <TranscriptUploadArea /> : <UploadForm kind={kind} />}
      <List
        resource={resource}
        title={false}
        pagination={false}
        perPage={10_000}
        empty={false}
        actions={false}
        disableSyncWithLocation
        queryOptions={{ refetchInterval: uploadPollInterval as never }}
      >
        <ScrollRegion label="Documents table">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>No documents uploaded yet.</Typography>}>
            <FunctionField<DocumentRecord>
              label="File"
              render={(d) => (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {d.originalFilename}
                </Typography>
              )}
            />
            <FunctionField<DocumentRecord> label="Session" render={(d) => d.sessionTitle ?? ''} />
            <FunctionField<DocumentRecord> label="Status" render={(d) => <DocumentStatusChip status={d.status} />} />
            <FunctionField<DocumentRecord> label="Progress" render={(d) => <DocumentProgress doc={d} />} />
            <FunctionField<DocumentRecord> label="Size" render={(d) => formatBytes(d.bytes)} />
            <FunctionField<DocumentRecord> label="Uploaded" render={(d) => <DocumentUploaded doc={d} />} />
            <FunctionField<DocumentRecord> label="Actions" render={(d) => <DocumentActions doc={d} resource={resource} />} />
          </Datagrid>
        </ScrollRegion>
      </List>
    </Box>
  );
}
