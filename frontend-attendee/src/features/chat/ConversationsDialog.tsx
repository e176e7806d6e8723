import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast-store';
import { deleteThread, queries, serverMessage, THREADS_KEY } from '@/lib/api';
import { useConference } from '@/lib/useConference';
import { conversationDate } from '@rules/relative-time';
import type { ChatThreadSummary } from '@/lib/types';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentThreadId: string | null;
  onOpenThread: (id: string) => void;
  /** The current conversation was deleted: a new one starts. */
  onCurrentDeleted: () => void;
}

interface ItemProps {
  thread: ChatThreadSummary;
  /** The conversation on screen now. */
  current: boolean;
  /** The conference's time zone (its days name 'Today' and 'Yesterday'); the browser's until it is known. */
  timeZone?: string;
  /** 'Delete this conversation?' is being asked for this one. */
  confirming: boolean;
  deleting: boolean;
  onDelete: () => void;
  /** Asks (the thread's id) or stops asking (null) 'Delete this conversation?'. */
  onConfirm: (id: string | null) => void;
  onOpen: () => void;
}

/** One earlier conversation: its first question, date and count, and 'Open' / 'Delete…' (with its confirmation). */
function ConversationItem({ thread: t, current, timeZone, confirming, deleting, onDelete, onConfirm, onOpen }: ItemProps) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="conversation">
      <p className="text-sm font-medium break-words text-slate-900">{t.title}</p>
      <p className="mt-0.5 text-xs text-slate-700">
        {conversationDate(t.updatedAt, new Date(), timeZone)} · {t.messageCount} message{t.messageCount === 1 ? '' : 's'}
        {current && ' · current'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {confirming ? (
          <>
            <span className="self-center text-xs text-slate-800">Delete this conversation?</span>
            <Button size="sm" variant="danger" disabled={deleting} onClick={onDelete} aria-label={`Delete conversation: ${t.title}`}>
              Delete
            </Button>
            <Button size="sm" variant="outline" onClick={() => onConfirm(null)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button
              size="sm"
              variant={current ? 'outline' : 'primary'}
              disabled={current}
              onClick={onOpen}
              aria-label={current ? `Open conversation: ${t.title} (current)` : `Open conversation: ${t.title}`}
            >
              {current ? 'Open now' : 'Open'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onConfirm(t.id)} aria-label={`Delete… ${t.title}`}>
              Delete…
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** 'Conversations': the user's earlier conversations (first question, date), to reopen or delete. */
export function ConversationsDialog({ open, onOpenChange, currentThreadId, onOpenThread, onCurrentDeleted }: Props) {
  const queryClient = useQueryClient();
  const timeZone = useConference().data?.timeZone;
  const threads = useQuery({ ...queries.threads(), enabled: open });
  const [confirming, setConfirming] = useState<string | null>(null);

  // Fresh each time the dialog opens (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setConfirming(null);
    if (open) void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
  }

  const remove = useMutation({
    mutationFn: async (id: string) => {
      await deleteThread(id);
      return id;
    },
    onSuccess: (id) => {
      setConfirming(null);
      queryClient.setQueryData(queries.threads().queryKey, (list) => list?.filter((t) => t.id !== id));
      toast({ title: 'Conversation deleted', variant: 'success' });
      if (id === currentThreadId) onCurrentDeleted();
    },
    onError: (error) => {
      toast({ title: 'Delete failed', description: serverMessage(error) || 'The conversation was not deleted.', variant: 'destructive' });
    },
  });

  const list = threads.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Conversations" description="Your earlier conversations, newest first.">
      {threads.isPending ? (
        <Spinner label="Loading conversations" />
      ) : threads.isError ? (
        <p className="text-sm text-red-800">The conversations could not be loaded. Please try again.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-700">No conversations yet. Ask a question and it will be kept here.</p>
      ) : (
        <ul className="grid max-h-[60vh] gap-2 overflow-y-auto" aria-label="Earlier conversations">
          {list.map((t) => (
            <ConversationItem
              timeZone={timeZone}
              key={t.id}
              thread={t}
              current={t.id === currentThreadId}
              confirming={confirming === t.id}
              deleting={remove.isPending}
              onDelete={() => remove.mutate(t.id)}
              onConfirm={setConfirming}
              onOpen={() => {
                onOpenThread(t.id);
                onOpenChange(false);
              }}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
