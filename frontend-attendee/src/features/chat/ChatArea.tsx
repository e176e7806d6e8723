import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { queries, THREADS_KEY } from '@/lib/api';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast-store';
import { MSG_STREAM_ERROR, MSG_STREAM_ERROR_TITLE } from '@/constants';
import { useEnvironment } from '@/lib/environment';
import { useConference } from '@/lib/useConference';
import type { ChatMessage, Source } from '@/lib/types';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ConversationsDialog } from './ConversationsDialog';
import { ChatInput } from './ChatInput';
import { EmailChatDialog } from './EmailChatDialog';
import { MessageList } from './MessageList';
import { SourceDialog } from './SourceDialog';
import { type ChatStreamState, useChatStream } from './useChatStream';

interface Props {
  threadId: string | null;
  restartThread: () => Promise<string>;
  openThread: (id: string) => void;
  selectedIds: string[];
  userEmail: string;
}

interface ChatHeaderProps {
  selectedCount: number;
  onConversations: () => void;
  onEmail: () => void;
  onClear: () => void;
}

/** The chat's title bar: 'Conference Q&A', the scope, and 'Conversations', 'Email Chat History', 'Clear'. */
function ChatHeader({ selectedCount, onConversations, onEmail, onClear }: ChatHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3">
      <div className="sr-only sm:not-sr-only">
        <h2 id="chat-title" className="text-base font-semibold text-slate-900">
          Conference Q&amp;A
        </h2>
        <p className="text-xs text-slate-700" data-testid="chat-scope">
          {selectedCount > 0 ? `${selectedCount} session${selectedCount === 1 ? '' : 's'} selected` : 'All sessions'}
        </p>
      </div>
      <div className="flex flex-wrap gap-0.5 sm:gap-1">
        <Button variant="ghost" size="sm" onClick={onConversations}>
          Conversations
        </Button>
        <Button variant="ghost" size="sm" onClick={onEmail}>
          Email Chat History
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear} aria-label="Clear conversation">
          Clear
        </Button>
      </div>
    </div>
  );
}

/**
 * An empty conversation: the welcome and the conference's suggested questions (its settings; a pick
 * goes into the box). No questions while the settings load, or when the organisers set none.
 */
function WelcomeSuggestions({ onPick }: { onPick: (question: string) => void }) {
  const questions = useConference().data?.suggestedQuestions ?? [];
  return (
    <div className="mx-auto max-w-xl py-6 text-center">
      <h3 className="text-lg font-semibold text-slate-900">Welcome! Ask anything about the conference.</h3>
      <p className="mt-2 text-sm text-slate-700">
        Answers come from the session transcripts and slides, with citations you can open.{questions.length > 0 && ' Try one of these:'}
      </p>
      <ul className="mt-4 grid gap-2">
        {questions.map((q) => (
          <li key={q}>
            <button
              type="button"
              onClick={() => onPick(q)}
              className="w-full rounded-lg border border-slate-200 bg-white px-4 py-3 text-left text-sm text-slate-800 shadow-sm hover:border-sky-400 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why the last send failed: no route answered ('request'), or the stream's own error event. */
function ChatErrorBox({ failure, error }: { failure: 'stream' | 'request' | null; error: string | null }) {
  return (
    <div role="alert" className="mx-auto mt-4 max-w-xl rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      {failure === 'request' ? (
        <>
          <p className="font-semibold">Your question was not answered</p>
          <p>{error}</p>
        </>
      ) : (
        <>
          <p className="font-semibold">{MSG_STREAM_ERROR_TITLE}</p>
          <p>{MSG_STREAM_ERROR}</p>
        </>
      )}
    </div>
  );
}

interface ChatStatusLineProps {
  busy: boolean;
  statusText: string;
  /** The conversation exists (its thread was created). */
  started: boolean;
  selectedCount: number;
}

/** The status line over the question box: working (with the stream's status), starting, or ready. */
function ChatStatusLine({ busy, statusText, started, selectedCount }: ChatStatusLineProps) {
  return (
    <div className="mb-1 flex min-h-5 sm:mb-2 items-center gap-2 text-xs text-slate-700" role="status" data-testid="chat-status">
      {busy ? (
        <>
          <Spinner label="Working" className="scale-75" />
          <span>{statusText}</span>
        </>
      ) : !started ? (
        <span>Starting conversation...</span>
      ) : (
        <span>
          Ready:{' '}
          {selectedCount > 0 ? `asking ${selectedCount} selected session${selectedCount === 1 ? '' : 's'}` : 'asking across all sessions'}
        </span>
      )}
    </div>
  );
}

interface ConversationPaneProps {
  chat: ChatStreamState & { isBusy: boolean };
  messages: ChatMessage[];
  /** No message yet, none pending or streaming: the welcome and the suggestions show. */
  empty: boolean;
  onPick: (question: string) => void;
  onOpenSource: (source: Source, claim?: string) => void;
}

/** The scrolling conversation: the welcome (when empty) or the messages, and the last send's error. */
function ConversationPane({ chat, messages, empty, onPick, onOpenSource }: ConversationPaneProps) {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4" aria-busy={chat.isBusy}>
      {empty ? (
        <WelcomeSuggestions onPick={onPick} />
      ) : (
        <MessageList
          messages={messages}
          pendingMessage={chat.pendingMessage}
          streamingText={chat.streamingText}
          streamingSources={chat.streamingSources}
          onOpenSource={onOpenSource}
        />
      )}
      {chat.status === 'error' && <ChatErrorBox failure={chat.failure} error={chat.error} />}
    </div>
  );
}

/** 'Clear this conversation?': a new one starts, this one stays under Conversations. */
function ClearConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Clear this conversation?"
      description="A new conversation starts. This one stays under Conversations, where you can reopen or delete it."
      confirmLabel="Clear"
      onConfirm={onConfirm}
    />
  );
}

/** The conversation's data and actions: its messages, the chat stream, the question box's text, send, new and clear. */
function useConversation({ threadId, restartThread, selectedIds }: Pick<Props, 'threadId' | 'restartThread' | 'selectedIds'>) {
  const queryClient = useQueryClient();
  const env = useEnvironment();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const assistant = useQuery(queries.assistant());

  const messagesQuery = useMemo(() => queries.messages(threadId ?? ''), [threadId]);
  const messagesKey = messagesQuery.queryKey;
  const messages = useQuery({ ...messagesQuery, enabled: !!threadId });
  const refetchMessages = useCallback(() => queryClient.refetchQueries({ queryKey: messagesKey, exact: true }), [queryClient, messagesKey]);

  const chat = useChatStream({
    threadId,
    sessionIds: selectedIds,
    isProduction: env.data?.isProduction ?? false,
    onSettled: refetchMessages,
  });

  const submit = () => {
    const text = input;
    if (!text.trim() || chat.isBusy || !threadId) return;
    setInput('');
    void chat.send(text).then((sent) => {
      // Not answered: the question goes back in the box (unless the user typed something new).
      if (!sent) setInput((now) => (now === '' ? text : now));
    });
  };

  const startNew = async () => {
    chat.reset();
    await restartThread();
    void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
  };

  const clearConversation = async () => {
    try {
      await startNew();
      toast({ title: 'Conversation Cleared', description: 'Started a new conversation.', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to clear conversation.', variant: 'destructive' });
    }
  };

  /** A suggested question goes into the box, and the box gets the focus. */
  const pick = (question: string) => {
    setInput(question);
    inputRef.current?.focus();
  };

  const list = messages.data ?? [];
  const localProvider = assistant.data?.provider === 'local';
  const empty = list.length === 0 && !chat.pendingMessage && !chat.streamingText;
  return { inputRef, input, setInput, pick, chat, submit, startNew, clearConversation, list, empty, localProvider };
}

/** 'Conference Q&A': the conversation, its status bar and the question box. Owns the chat stream. */
export function ChatArea({ threadId, restartThread, openThread, selectedIds, userEmail }: Props) {
  const [openSource, setOpenSource] = useState<{ source: Source; claim?: string } | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const [conversationsOpen, setConversationsOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const { inputRef, input, setInput, pick, chat, submit, startNew, clearConversation, list, empty, localProvider } = useConversation({
    threadId,
    restartThread,
    selectedIds,
  });

  return (
    <section aria-labelledby="chat-title" className="flex h-full min-h-0 flex-col bg-slate-50">
      <ChatHeader
        selectedCount={selectedIds.length}
        onConversations={() => setConversationsOpen(true)}
        onEmail={() => setEmailOpen(true)}
        onClear={() => (empty ? void clearConversation() : setConfirmClear(true))}
      />

      <ConversationPane
        chat={chat}
        messages={list}
        empty={empty}
        onPick={pick}
        onOpenSource={(source, claim) => setOpenSource({ source, claim })}
      />

      <div className="border-t border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3">
        <ChatStatusLine busy={chat.isBusy} statusText={chat.statusText} started={!!threadId} selectedCount={selectedIds.length} />
        <ChatInput ref={inputRef} value={input} onChange={setInput} onSubmit={submit} disabled={chat.isBusy || !threadId} />
        {localProvider && (
          <p className="mt-1 text-xs text-slate-600" data-testid="provider-note">
            Answers quote the conference materials directly.
          </p>
        )}
      </div>

      <SourceDialog source={openSource?.source ?? null} claim={openSource?.claim} onClose={() => setOpenSource(null)} />
      <ConversationsDialog
        open={conversationsOpen}
        onOpenChange={setConversationsOpen}
        currentThreadId={threadId}
        onOpenThread={(id) => {
          chat.reset();
          openThread(id);
        }}
        onCurrentDeleted={() => void startNew()}
      />
      <ClearConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        onConfirm={() => {
          setConfirmClear(false);
          void clearConversation();
        }}
      />
      <EmailChatDialog open={emailOpen} onOpenChange={setEmailOpen} threadId={threadId} defaultEmail={userEmail} />
    </section>
  );
}
