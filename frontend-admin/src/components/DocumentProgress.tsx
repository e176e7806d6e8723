import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { documentStatusLabel, formatEta, ocrPagesNote } from '@/lib/format';
import type { DocumentRecord, DocumentStatus } from '@/lib/types';

const STATUS_COLOR: Record<DocumentStatus, 'default' | 'info' | 'success' | 'error'> = {
  uploaded: 'default',
  chunked: 'info',
  embedded: 'success',
  error: 'error',
};

export function DocumentStatusChip({ status }: { status: DocumentStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={documentStatusLabel(status)} data-status={status} />;
}

/**
 * The line under a processing document's bar: the stage, the chunk counts unless the stage already
 * states them ('Embedding 414/1516' is not followed by '414/1516 chunks'), and the time left.
 */
function progressCaption(doc: DocumentRecord): string {
  const stage = doc.progressStage || (doc.status === 'uploaded' ? 'Waiting to start' : 'Processing');
  const counts = doc.totalChunks ? `${doc.processedChunks ?? 0}/${doc.totalChunks}` : '';
  const eta = formatEta(doc.estimatedTimeRemaining);
  return [stage, counts && !stage.includes(counts) ? `${counts} chunks` : '', eta ? `~${eta} remaining` : ''].filter(Boolean).join(' · ');
}

/** PRODUCT.md §4: waiting, then processing with percent, stage, chunk counts and ETA; Ready; failed. */
export function DocumentProgress({ doc }: { doc: DocumentRecord }) {
  if (doc.status === 'embedded') {
    const ocr = ocrPagesNote(doc.ocrPages);
    return (
      <Stack spacing={0.25}>
        <Typography variant="body2" color="success.main">
          {doc.totalChunks ? `${doc.totalChunks} chunks` : 'Complete'}
        </Typography>
        {ocr && (
          <Typography variant="caption" color="text.secondary" data-testid="ocr-pages">
            {ocr}
          </Typography>
        )}
      </Stack>
    );
  }
  if (doc.status === 'error') {
    return (
      <Typography variant="body2" color="error" sx={{ maxWidth: 320 }}>
        {doc.error || 'Processing failed'}
      </Typography>
    );
  }
  const percent = Math.max(0, Math.min(100, Number(doc.progressPercent) || 0));
  return (
    <Stack spacing={0.5} sx={{ minWidth: 200 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant={doc.status === 'uploaded' && percent === 0 ? 'indeterminate' : 'determinate'}
          value={percent}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-label={`Processing ${doc.originalFilename}`}
        />
        <Typography variant="caption">{percent}%</Typography>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {progressCaption(doc)}
      </Typography>
    </Stack>
  );
}
