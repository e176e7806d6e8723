import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { MSG_SEND_FAILED } from '@/constants';
import { reportApiError } from '@/lib/queryClient';
import type { Source } from '@/lib/types';
import { describeChatError } from './chatErrors';
import { isAbortError, runChat } from './chatTransport';

/** idle: nothing in flight; submitted: waiting for the first text; streaming: text arriving; error: the last send failed. */
export type ChatStatus = 'idle' | 'submitted' | 'streaming' | 'error';

export interface UseChatStreamOptions {
  threadId: string | null;
  sessionIds: string[];
  isProduction: boolean;
  /** Called when an answer is complete or failed (the message list is refetched there). */
  onSettled: () => Promise<unknown> | void;
}

export interface ChatStreamState {
  status: ChatStatus;
  statusText: string;
  pendingMessage: string | null;
  streamingText: string;
  streamingSources: Source[];
  /** The stream's own error event (the 'Error Processing Response' box), or why the send failed. */
  error: string | null;
  /** 'stream': the stream's error event; 'request': no route answered (the question goes back in the box). */
  failure: 'stream' | 'request' | null;
}

const initial: ChatStreamState = {
  status: 'idle',
  statusText: '',
  pendingMessage: null,
  streamingText: '',
  streamingSources: [],
  error: null,
  failure: null,
};

/** The latest value of a callback, kept after each render (a ref is not written during render). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/** Reports a send no route answered (error report and toast); returns the description shown under the box. */
function announceSendFailure(error: unknown): string {
  reportApiError(error);
  const description = describeChatError(error);
  toast({ title: MSG_SEND_FAILED, description, variant: 'destructive' });
  return description;
}

/** Owns one conversation's send: pending message, status line, streamed text and the fallback chain. */
export function useChatStream({ threadId, sessionIds, isProduction, onSettled }: UseChatStreamOptions) {
  const [state, setState] = useState<ChatStreamState>(initial);
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const settled = useLatest(onSettled);

  useEffect(() => () => controller.current?.abort(), []);

  /** Sends a message; ignored when blank, without a thread, or while a request is in progress (PRODUCT.md §5). */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (!message || !threadId || busy.current) return false;
      busy.current = true;
      const ctrl = new AbortController();
      controller.current = ctrl;
      setState({ ...initial, status: 'submitted', pendingMessage: message });
      const update = (patch: Partial<ChatStreamState>) => {
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, ...patch }));
      };
      try {
        const outcome = await runChat(
          { threadId, message, sessionIds },
          {
            isProduction,
            signal: ctrl.signal,
            onStatus: (statusText) => update({ statusText }),
            onText: (streamingText) => update({ streamingText, status: 'streaming' }),
            onSources: (streamingSources) => update({ streamingSources }),
          },
        );
        if (outcome.kind === 'stream-error') {
          await settled.current();
          update({ ...initial, status: 'error', error: outcome.error, failure: 'stream' });
          return true;
        }
        update({ streamingText: outcome.content, streamingSources: outcome.sources, status: 'streaming' });
        await settled.current();
        update(initial);
        return true;
      } catch (error) {
        if (isAbortError(error) || ctrl.signal.aborted) return false;
        const description = announceSendFailure(error);
        await Promise.resolve(settled.current()).catch(() => undefined);
        update({ ...initial, status: 'error', error: description, failure: 'request' });
        return false;
      } finally {
        busy.current = false;
        if (controller.current === ctrl) controller.current = null;
      }
    },
    [threadId, sessionIds, isProduction, settled],
  );

  /** Drops whatever is in flight (a new conversation was started). */
  const reset = useCallback(() => {
    controller.current?.abort();
    busy.current = false;
    setState(initial);
  }, []);

  return { ...state, send, reset, isBusy: state.status === 'submitted' || state.status === 'streaming' };
}
