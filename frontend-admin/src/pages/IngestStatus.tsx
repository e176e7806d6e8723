import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Alert, Box, Card, CardContent, CardHeader, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { DocumentProgress, DocumentStatusChip } from '@/components/DocumentProgress';
import { INGEST_SKELETON_ITEMS, PROCESSING_FAILED, STATUS_POLL_INTERVAL_MS } from '@/constants';
import { ingestSummary } from '@/lib/format';
import { errorText } from '@/lib/http';
import type { DocumentRecord } from '@/lib/types';

function SummaryCard({ label, value, color }: { label: string; value: string | number; color?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="h4"
          component="p"
          sx={{ fontWeight: 700, color }}
          data-testid={`summary-${label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Totals by state and the share ready. */
function IngestSummaryCards({ docs }: { docs: DocumentRecord[] }) {
  const summary = ingestSummary(docs);
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 6, md: 2.4 }}>
        <SummaryCard label="Total Documents" value={summary.total} />
      </Grid>
      <Grid size={{ xs: 6, md: 2.4 }}>
        <SummaryCard label="Ready" value={summary.ready} color="success.main" />
      </Grid>
      <Grid size={{ xs: 6, md: 2.4 }}>
        <SummaryCard label="Processing" value={summary.processing} color="info.main" />
      </Grid>
      <Grid size={{ xs: 6, md: 2.4 }}>
        <SummaryCard label="Errors" value={summary.errors} color="error.main" />
      </Grid>
      <Grid size={{ xs: 12, md: 2.4 }}>
        <SummaryCard label="Percent Ready" value={summary.percentReady} />
      </Grid>
    </Grid>
  );
}

/** The documents whose processing failed, with the reason. */
function ProcessingErrors({ failed }: { failed: DocumentRecord[] }) {
  return (
    <Card variant="outlined" sx={{ mb: 3, borderColor: 'error.light' }}>
      <CardHeader
        avatar={<ErrorIcon color="error" />}
        title="Processing Errors"
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1}>
          {failed.map((d) => (
            <Box key={d.id} sx={{ p: 1.5, bgcolor: 'error.50', border: 1, borderColor: 'error.light', borderRadius: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {d.originalFilename}
              </Typography>
              <Typography variant="body2" color="error">
                {PROCESSING_FAILED}
              </Typography>
              {d.error && (
                <Typography variant="caption" color="text.secondary">
                  {d.error}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
        <Alert severity="info" sx={{ mt: 2 }}>
          Re-ingest these documents with Re-process on the Transcripts or PDFs tab to try again.
        </Alert>
      </CardContent>
    </Card>
  );
}

/** Every document with its state and progress. */
function AllDocuments({ docs }: { docs: DocumentRecord[] }) {
  return (
    <Card variant="outlined">
      <CardHeader title="All Documents" slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        {docs.length === 0 ? (
          <Typography color="text.secondary">No documents uploaded yet.</Typography>
        ) : (
          <Stack spacing={1} divider={<Box sx={{ borderBottom: 1, borderColor: 'divider' }} />}>
            {docs.map((d) => (
              <Stack
                key={d.id}
                direction={{ xs: 'column', md: 'row' }}
                spacing={2}
                sx={{ alignItems: { md: 'center' }, py: 0.5 }}
                data-document={d.originalFilename}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {d.originalFilename}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {d.kind === 'pdf' ? 'PDF' : 'Transcript'}
                    {d.sessionTitle ? ` · ${d.sessionTitle}` : ''}
                  </Typography>
                </Box>
                <DocumentStatusChip status={d.status} />
                <Box sx={{ minWidth: 260 }}>
                  <DocumentProgress doc={d} />
                </Box>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** PRODUCT.md §2 Ingest Status: summary, 'Processing Errors', every document's progress; polls every 5 s. */
export function IngestStatus() {
  const { data, isPending, error } = useGetList<DocumentRecord>(
    'documents',
    { pagination: { page: 1, perPage: 100_000 }, sort: { field: 'id', order: 'ASC' } },
    { refetchInterval: STATUS_POLL_INTERVAL_MS },
  );
  const docs = data ?? [];
  const failed = docs.filter((d) => d.status === 'error');

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        Document Processing Status
      </Typography>
      {isPending ? (
        <Stack spacing={1.5} aria-label="Loading document status" data-testid="ingest-skeleton">
          {Array.from({ length: INGEST_SKELETON_ITEMS }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : error ? (
        <Alert severity="error">{errorText(error) || 'Failed to load documents'}</Alert>
      ) : (
        <>
          <IngestSummaryCards docs={docs} />

          {failed.length > 0 && <ProcessingErrors failed={failed} />}

          <AllDocuments docs={docs} />
        </>
      )}
    </Box>
  );
}

export default IngestStatus;
