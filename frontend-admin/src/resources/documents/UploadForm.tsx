import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Autocomplete, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useGetList, useRefresh } from 'react-admin';
import { MSG_UPLOAD_FAILED, MSG_UPLOAD_FAILED_TITLE, MSG_UPLOAD_SUCCESS, MSG_UPLOAD_SUCCESS_TITLE } from '@/constants';
import { errorText } from '@/lib/http';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import { acceptAttribute, fileProblem, uploadProblem } from '@/lib/upload';
import { formatBytes } from '@/lib/format';
import { useToast } from '@/lib/toast';
import type { DocumentKind, Session } from '@/lib/types';

const KIND_NAME: Record<DocumentKind, string> = { transcript: 'Transcript', pdf: 'PDF' };

/** The chosen file (checked when chosen: a wrong one is refused with a toast), the session and the upload. */
function useUpload(kind: DocumentKind) {
  const [file, setFile] = useState<File | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const toast = useToast();

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const onFile = (chosen: File | null) => {
    if (chosen) {
      const problem = fileProblem(chosen, kind);
      if (problem) {
        toast(problem, undefined, 'error');
        clearFile();
        return;
      }
    }
    setFile(chosen);
  };

  const upload = async () => {
    const problem = uploadProblem(file, session?.id ?? '', kind);
    if (problem || !file || !session) {
      toast(problem ?? '', undefined, 'error');
      return;
    }
    setUploading(true);
    try {
      await dataProvider.uploadDocument({ file, sessionId: session.id, kind });
      toast(MSG_UPLOAD_SUCCESS_TITLE, MSG_UPLOAD_SUCCESS, 'success');
      clearFile();
      setSession(null);
      refresh();
    } catch (err) {
      toast(MSG_UPLOAD_FAILED_TITLE, errorText(err) || MSG_UPLOAD_FAILED, 'error');
    } finally {
      setUploading(false);
    }
  };

  return { input, file, onFile, session, setSession, uploading, upload };
}

/** PRODUCT.md §2/§5: file plus session, checked in the browser before sending (POST /api/admin/upload). */
export function UploadForm({ kind }: { kind: DocumentKind }) {
  const { input, file, onFile, session, setSession, uploading, upload } = useUpload(kind);
  const { data: sessions = [], isPending } = useGetList<Session>('sessions', {
    pagination: { page: 1, perPage: 10_000 },
    sort: { field: 'id', order: 'ASC' },
  });

  const inputId = `upload-${kind}-file`;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          Upload {KIND_NAME[kind]}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Stack spacing={0.5} sx={{ minWidth: 260 }}>
            <label htmlFor={inputId}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {kind === 'pdf' ? 'PDF file' : 'Transcript file (TXT or JSON)'}
              </Typography>
            </label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept={acceptAttribute(kind)}
              onChange={(e) => onFile(e.target.files?.[0] ?? null)}
              disabled={uploading}
            />
            {file && (
              <Typography variant="caption" color="text.secondary">
                {file.name} ({formatBytes(file.size)})
              </Typography>
            )}
          </Stack>
          <Autocomplete
            sx={{ flex: 1, minWidth: 260 }}
            options={sessions}
            loading={isPending}
            value={session}
            onChange={(_, v) => setSession(v)}
            getOptionLabel={(s) => s.title}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label="Session" />}
            disabled={uploading}
          />
          <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => void upload()} disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
