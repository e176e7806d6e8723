import { useMutation } from '@tanstack/react-query';
import { RadioGroup } from 'radix-ui';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast-store';
import {
  MSG_EMAIL_FAILED_TITLE,
  MSG_NO_SESSIONS_FOR_TAKEAWAYS,
  MSG_SELECT_SESSION_FOR_TAKEAWAYS,
  MSG_USER_EMAIL_UNAVAILABLE,
  MSG_USER_EMAIL_UNAVAILABLE_TOAST,
  TAKEAWAYS_FILE_NAME,
} from '@/constants';
import { emailTakeaways, generateTakeaways } from '@/lib/api';
import { readKept, writeKept } from '@/lib/keptState';
import type { TakeawaysResult } from '@/lib/types';
import { useSessions } from '@/features/sessions/useSessions';
import { cleanTakeaway, downloadText, numberedList } from './takeawaysText';

export type TakeawaysMode = 'selected' | 'all';

/** The panel's state, kept by the page so it survives closing the slide-over. */
export interface TakeawaysState {
  mode: TakeawaysMode;
  result: TakeawaysResult | null;
}

const isTakeawaysState = (v: unknown): v is TakeawaysState => {
  if (typeof v !== 'object' || v === null) return false;
  const { mode, result } = v as Partial<TakeawaysState>;
  if (mode !== 'selected' && mode !== 'all') return false;
  if (result === null) return true;
  return (
    typeof result === 'object' &&
    Array.isArray(result?.takeaways) &&
    result.takeaways.every((t) => typeof t === 'string') &&
    Array.isArray(result.sources) &&
    result.sources.every((t) => typeof t === 'string')
  );
};

/** The panel's state for `userId`, kept across reloads as the conversation is (forgotten at sign-out). */
export function useTakeawaysState(userId: string): [TakeawaysState, (next: TakeawaysState) => void] {
  const [state, setState] = useState<TakeawaysState>(
    () => readKept('takeaways', userId, isTakeawaysState) ?? { mode: 'selected', result: null },
  );
  const change = useCallback(
    (next: TakeawaysState) => {
      writeKept('takeaways', userId, next.mode === 'selected' && !next.result ? null : next);
      setState(next);
    },
    [userId],
  );
  return [state, change];
}

interface Props {
  selectedIds: string[];
  userEmail: string | null | undefined;
  state: TakeawaysState;
  onStateChange: (next: TakeawaysState) => void;
}

const radioItem =
  'flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-slate-500 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

interface RequestsArgs {
  mode: TakeawaysMode;
  selectedIds: string[];
  userEmail: string | null | undefined;
  nothingSelected: boolean;
  setResult: (next: TakeawaysResult | null) => void;
}

/** 'Generate' / 'Refresh' and 'Email to …': the two requests of the panel, with their toasts. */
function useTakeawaysRequests({ mode, selectedIds, userEmail, nothingSelected, setResult }: RequestsArgs) {
  const body = () => ({ sessionIds: mode === 'all' ? [] : selectedIds, useAllSessions: mode === 'all' });

  const generate = useMutation({
    mutationFn: async () => {
      if (nothingSelected) throw new Error(MSG_SELECT_SESSION_FOR_TAKEAWAYS);
      return generateTakeaways(body());
    },
    onSuccess: (data) => {
      setResult(data);
      toast({ title: 'Takeaways Generated', description: `${data.takeaways.length} key takeaways ready.`, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description:
          error.message === MSG_SELECT_SESSION_FOR_TAKEAWAYS
            ? MSG_SELECT_SESSION_FOR_TAKEAWAYS
            : 'Failed to generate takeaways. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const email = useMutation({
    mutationFn: async () => {
      if (!userEmail) throw new Error(MSG_USER_EMAIL_UNAVAILABLE);
      if (nothingSelected) throw new Error(MSG_NO_SESSIONS_FOR_TAKEAWAYS);
      return emailTakeaways({ recipientEmail: userEmail, ...body() });
    },
    onSuccess: () => toast({ title: 'Email Sent!', description: 'Takeaways have been sent to your email address.', variant: 'success' }),
    onError: (error) => {
      const description =
        error.message === MSG_USER_EMAIL_UNAVAILABLE
          ? MSG_USER_EMAIL_UNAVAILABLE_TOAST
          : error.message === MSG_NO_SESSIONS_FOR_TAKEAWAYS
            ? MSG_NO_SESSIONS_FOR_TAKEAWAYS
            : 'Failed to send email. Please try again.';
      toast({ title: MSG_EMAIL_FAILED_TITLE, description, variant: 'destructive' });
    },
  });
  return { generate, email };
}

interface SourceProps {
  mode: TakeawaysMode;
  onModeChange: (value: string) => void;
  selectedCount: number;
  allCount: number;
}

/** 'Takeaways source': the selected sessions or all conference sessions, with their counts. */
function TakeawaysSource({ mode, onModeChange, selectedCount, allCount }: SourceProps) {
  return (
    <RadioGroup.Root value={mode} onValueChange={onModeChange} aria-label="Takeaways source" className="grid gap-2 text-sm text-slate-800">
      <div className="flex items-center gap-2">
        <RadioGroup.Item id="takeaways-selected" value="selected" className={radioItem}>
          <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-sky-800" />
        </RadioGroup.Item>
        <label htmlFor="takeaways-selected">Selected Sessions ({selectedCount})</label>
      </div>
      <div className="flex items-center gap-2">
        <RadioGroup.Item id="takeaways-all" value="all" className={radioItem}>
          <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-sky-800" />
        </RadioGroup.Item>
        <label htmlFor="takeaways-all">All Conference Sessions ({allCount})</label>
      </div>
    </RadioGroup.Root>
  );
}

/** The takeaways, each with the session it comes from when known. */
function TakeawaysList({ takeaways, sources }: { takeaways: string[]; sources?: TakeawaysResult['sources'] }) {
  return (
    <ul className="grid gap-3" aria-label="Takeaways">
      {takeaways.map((t, i) => (
        <li key={i} className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900" data-testid="takeaway">
          <p>
            <span aria-hidden="true" className="mr-1.5">
              •
            </span>
            <span>{cleanTakeaway(t)}</span>
          </p>
          {sources?.[i] && (
            <span className="mt-2 inline-block max-w-full rounded-full border border-sky-200 bg-sky-50 px-2 py-0.5 text-xs font-medium break-words text-sky-900">
              {sources[i]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 'Copy to Clipboard': the numbered list, with a toast either way. */
async function copyTakeaways(takeaways: string[]) {
  try {
    await navigator.clipboard.writeText(numberedList(takeaways));
    toast({ title: 'Copied!', description: 'Key takeaways copied to clipboard.', variant: 'success' });
  } catch {
    toast({ title: 'Copy Failed', description: 'Could not copy to the clipboard.', variant: 'destructive' });
  }
}

/** 'Export as File': the numbered list as a text file. */
function exportTakeaways(takeaways: string[]) {
  downloadText(TAKEAWAYS_FILE_NAME, numberedList(takeaways));
  toast({ title: 'Downloaded', description: 'Takeaways exported successfully.', variant: 'success' });
}

/** Key takeaways of the selected sessions or of the whole conference; copy, email or export them. */
export function TakeawaysPanel({ selectedIds, userEmail, state, onStateChange }: Props) {
  const { mode, result } = state;
  const setResult = (next: TakeawaysResult | null) => onStateChange({ mode, result: next });
  const { data: sessions = [] } = useSessions();
  const nothingSelected = mode === 'selected' && selectedIds.length === 0;

  const { generate, email } = useTakeawaysRequests({ mode, selectedIds, userEmail, nothingSelected, setResult });

  const takeaways = result?.takeaways ?? [];

  const onModeChange = (value: string) => {
    onStateChange({ mode: value as TakeawaysMode, result: null }); // switching clears the current takeaways
  };

  return (
    <section aria-labelledby="takeaways-title" className="flex h-full min-h-0 min-w-0 flex-col">
      <div className="grid gap-3 border-b border-slate-200 p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="takeaways-title" className="text-base font-semibold text-slate-900">
            Key Takeaways
          </h2>
          <Button size="sm" variant="outline" onClick={() => generate.mutate()} disabled={nothingSelected || generate.isPending}>
            {generate.isPending ? <Spinner label="Generating takeaways" className="scale-75" /> : <span aria-hidden="true">↻</span>}
            {takeaways.length ? 'Refresh' : 'Generate'}
          </Button>
        </div>
        <TakeawaysSource mode={mode} onModeChange={onModeChange} selectedCount={selectedIds.length} allCount={sessions.length} />
        {nothingSelected && <p className="text-xs text-amber-900">{MSG_SELECT_SESSION_FOR_TAKEAWAYS}</p>}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto p-3" aria-live="polite" aria-busy={generate.isPending}>
        {generate.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Generating key takeaways...
          </p>
        ) : takeaways.length === 0 ? (
          <p className="text-sm text-slate-700">
            {nothingSelected ? 'Choose sessions, or switch to all conference sessions.' : 'Press Generate to create the key takeaways.'}
          </p>
        ) : (
          <TakeawaysList takeaways={takeaways} sources={result?.sources} />
        )}
      </div>

      <div className="grid min-w-0 gap-2 border-t border-slate-200 p-3 [&>button]:w-full [&>button]:min-w-0 [&>button]:justify-center">
        <Button variant="outline" size="sm" onClick={() => void copyTakeaways(takeaways)} disabled={!takeaways.length}>
          Copy to Clipboard
        </Button>
        <Button variant="outline" size="sm" onClick={() => email.mutate()} disabled={!takeaways.length || email.isPending}>
          <span className="truncate">{email.isPending ? 'Sending...' : `Email to ${userEmail ?? ''}`}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => exportTakeaways(takeaways)} disabled={!takeaways.length}>
          Export as File
        </Button>
      </div>
    </section>
  );
}
