import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Autocomplete, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useGetList, useRefresh } from 'react-admin';
import { MSG_UPLOAD_FAILED, MSG_UPLOAD_FAILED_TITLE, MSG_UPLOAD_SUCCESS, MSG_UPLOAD_SUCCESS_TITLE } from '@/constants';
import { errorText } from '@/lib/http';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import { acceptAttribute, fileProblem, RECORDING_ACCEPT, recordingProblem, uploadProblem } from '@/lib/upload';
import { formatBytes } from '@/lib/format';
import { useToast } from '@/lib/toast';
import type { DocumentKind, DocumentRecord, Session } from '@/lib/types';

const KIND_NAME: Record<DocumentKind, string> = { transcript: 'Transcript', pdf: 'PDF' };

/** How one upload form checks a file (when chosen, and with the session before sending) and sends it. */
interface UploadRules {
  /** The file's problem when it is chosen, or null. */
  fileProblem(file: File): string | null;
  /** The problem of the file and session together before sending, or null. */
  uploadProblem(file: File | null, sessionId: string): string | null;
  send(file: File, sessionId: string): Promise<DocumentRecord>;
}

/** The chosen file (checked when chosen: a wrong one is refused with a toast), the session and the upload. */
function useUpload(rules: UploadRules) {
  const [file, setFile] = useState<File | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefresh();
  const toast = useToast();

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const onFile = (chosen: File | null) => {
    if (chosen) {
      const problem = rules.fileProblem(chosen);
      if (problem) {
        toast(problem, undefined, 'error');
        clearFile();
        return;
      }
    }
    setFile(chosen);
  };

  const upload = async () => {
    const problem = rules.uploadProblem(file, session?.id ?? '');
    if (problem || !file || !session) {
      toast(problem ?? '', undefined, 'error');
      return;
    }
    setUploading(true);
    try {
      await rules.send(file, session.id);
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

interface UploadCardProps {
  title: string;
  fileLabel: string;
  accept: string;
  inputId: string;
  rules: UploadRules;
  /** A line under the title (what the form takes), if any. */
  note?: string;
}

/** The card of one upload form: file input, session picker and Upload button. */
function UploadCard({ title, fileLabel, accept, inputId, rules, note }: UploadCardProps) {
  const { input, file, onFile, session, setSession, uploading, upload } = useUpload(rules);
  const { data: sessions = [], isPending } = useGetList<Session>('sessions', {
    pagination: { page: 1, perPage: 10_000 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: note ? 0.5 : 2 }}>
          {title}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {note}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Stack spacing={0.5} sx={{ minWidth: 260 }}>
            <label htmlFor={inputId}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {fileLabel}
              </Typography>
            </label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept={accept}
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

/** PRODUCT.md §2/§5: file plus session, checked in the browser before sending (POST /api/admin/upload). */
export function UploadForm({ kind }: { kind: DocumentKind }) {
  const dataProvider = useConsoleDataProvider();
  const rules: UploadRules = {
    fileProblem: (f) => fileProblem(f, kind),
    uploadProblem: (f, sessionId) => uploadProblem(f, sessionId, kind),
    send: (f, sessionId) => dataProvider.uploadDocument({ file: f, sessionId, kind }),
  };
  return (
    <UploadCard
      title={`Upload ${KIND_NAME[kind]}`}
      fileLabel={kind === 'pdf' ? 'PDF file' : 'Transcript file (TXT or JSON)'}
      accept={acceptAttribute(kind)}
      inputId={`upload-${kind}-file`}
      rules={rules}
    />
  );
}

/**
 * Not in the spec (added): the Recordings tab's form (POST /api/admin/recordings). Audio and video are
 * transcribed (an OpenAI-compatible transcription service is needed: the server says so otherwise);
 * captions (.vtt, .srt) are read as they are. Each becomes the session's transcript, with times.
 */
export function RecordingUploadForm() {
  const dataProvider = useConsoleDataProvider();
  const rules: UploadRules = {
    fileProblem: (f) => recordingProblem(f, 'chosen'),
    uploadProblem: (f, sessionId) => recordingProblem(f, sessionId),
    send: (f, sessionId) => dataProvider.uploadRecording({ file: f, sessionId }),
  };
  return (
    <UploadCard
      title="Upload Recording or Captions"
      note="Audio (MP3, M4A, WAV, OGG), video (MP4, MOV, WEBM) or captions (VTT, SRT): each becomes the session's transcript, with times."
      fileLabel="Recording or caption file"
      accept={RECORDING_ACCEPT}
      inputId="upload-recording-file"
      rules={rules}
    />
  );
}
