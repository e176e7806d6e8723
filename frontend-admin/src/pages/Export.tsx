import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Grid, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { RefreshButton } from 'react-admin';
import {
  EXPORT_LIST_MAX_HEIGHT_PX,
  MSG_DOWNLOAD_COMPLETE_TITLE,
  MSG_DOWNLOAD_FAILED,
  MSG_DOWNLOAD_FAILED_TITLE,
  MSG_LOAD_DOCUMENTS_FAILED,
} from '@/constants';
import { type ExportView, exportView } from '@/lib/exportList';
import { formatBytes, formatDate } from '@/lib/format';
import { errorText, saveBlob } from '@/lib/http';
import { useToast } from '@/lib/toast';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import type { ExportDocument } from '@/lib/types';

type Tab = 'session' | 'transcripts' | 'pdfs';

function DocumentRow(props: {
  doc: ExportDocument;
  sessionTitle?: string;
  downloadingId: string | null;
  onDownload: (d: ExportDocument) => void;
}) {
  const { doc, downloadingId } = props;
  const running = downloadingId === doc.id;
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', py: 1, px: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-export-document={doc.filename}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={doc.filename}>
          {doc.filename}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {props.sessionTitle ? `${props.sessionTitle} · ` : ''}
          {formatBytes(doc.bytes)} · {formatDate(doc.createdAt)}
        </Typography>
      </Box>
      <Chip size="small" variant="outlined" label={doc.kind === 'pdf' ? 'PDF' : 'Transcript'} />
      <Button
        size="small"
        variant="outlined"
        startIcon={running ? <CircularProgress size={14} /> : <DownloadIcon />}
        disabled={downloadingId !== null}
        onClick={() => props.onDownload(doc)}
        aria-label={`Download ${doc.filename}`}
      >
        {running ? 'Downloading...' : 'Download'}
      </Button>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

const SCROLL = { maxHeight: EXPORT_LIST_MAX_HEIGHT_PX, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 } as const;

/** One download at a time: the document being downloaded, and a toast when it is saved or fails. */
function useDocumentDownload() {
  const dataProvider = useConsoleDataProvider();
  const toast = useToast();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const download = async (doc: ExportDocument) => {
    if (downloadingId) return;
    setDownloadingId(doc.id);
    try {
      const file = await dataProvider.downloadDocument(doc.id);
      saveBlob(file.blob, doc.filename || file.filename || 'document');
      toast(MSG_DOWNLOAD_COMPLETE_TITLE, `Successfully downloaded ${doc.filename}`, 'success');
    } catch (err) {
      toast(MSG_DOWNLOAD_FAILED_TITLE, errorText(err) || MSG_DOWNLOAD_FAILED, 'error');
    } finally {
      setDownloadingId(null);
    }
  };
  return { downloadingId, onDownload: (doc: ExportDocument) => void download(doc) };
}

type Download = ReturnType<typeof useDocumentDownload>;

function ExportTotals({ view }: { view: ExportView }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Stat label="Total Documents" value={view.totalDocuments} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Stat label="Total Size" value={formatBytes(view.totalBytes)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Stat label="Sessions" value={view.totalSessions} />
      </Grid>
    </Grid>
  );
}

/** A scrolling list of documents, or a line saying there are none. */
function ExportList({ empty, children }: { empty: boolean; children: ReactNode }) {
  return (
    <Box sx={SCROLL} data-testid="export-list">
      {empty && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          No documents to export.
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** 'By Session': the documents under their session's title. */
function DocumentsBySession({ groups, download }: { groups: ExportView['groups']; download: Download }) {
  return (
    <ExportList empty={groups.length === 0}>
      {groups.map((g) => (
        <Box key={g.sessionId} data-export-session={g.sessionTitle}>
          <Typography variant="subtitle2" sx={{ px: 1.5, py: 1, bgcolor: 'grey.100', position: 'sticky', top: 0, zIndex: 1 }}>
            {g.sessionTitle} ({g.documents.length})
          </Typography>
          {g.documents.map((d) => (
            <DocumentRow key={d.id} doc={d} {...download} />
          ))}
        </Box>
      ))}
    </ExportList>
  );
}

/** 'Transcripts' or 'PDFs': one list, each document with its session. */
function DocumentsOfKind({ documents, download }: { documents: ExportView['transcripts']; download: Download }) {
  return (
    <ExportList empty={documents.length === 0}>
      {documents.map((d) => (
        <DocumentRow key={d.id} doc={d} sessionTitle={d.sessionTitle} {...download} />
      ))}
    </ExportList>
  );
}

/** PRODUCT.md §2 Export ('Document Export'): totals, sub-tabs and one download at a time. */
export function Export() {
  const dataProvider = useConsoleDataProvider();
  const toast = useToast();
  const [tab, setTab] = useState<Tab>('session');
  const download = useDocumentDownload();
  const { data, isPending, error } = useQuery({ queryKey: ['export-list'], queryFn: () => dataProvider.getExportList() });

  useEffect(() => {
    if (error) toast(MSG_LOAD_DOCUMENTS_FAILED, errorText(error) || undefined, 'error');
  }, [error, toast]);

  const view = exportView(data);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Document Export
        </Typography>
        <RefreshButton />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Download conference transcripts and PDFs
      </Typography>
      {isPending ? (
        <CircularProgress aria-label="Loading documents" />
      ) : (
        <>
          <ExportTotals view={view} />
          <Tabs value={tab} onChange={(_, v: Tab) => setTab(v)} sx={{ mb: 2 }} aria-label="Export views">
            <Tab value="session" label="By Session" />
            <Tab value="transcripts" label={`Transcripts (${view.transcripts.length})`} />
            <Tab value="pdfs" label={`PDFs (${view.pdfs.length})`} />
          </Tabs>
          {tab === 'session' && <DocumentsBySession groups={view.groups} download={download} />}
          {tab !== 'session' && <DocumentsOfKind documents={tab === 'transcripts' ? view.transcripts : view.pdfs} download={download} />}
        </>
      )}
    </Box>
  );
}

export default Export;
