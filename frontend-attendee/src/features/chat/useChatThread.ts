import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, chatMessages, startChat } from '@/lib/api';
import { reportApiError } from '@/lib/queryClient';

async function startThread(sessionFilter: string[]): Promise<string> {
  const { id } = await startChat({ sessionFilter });
  return id;
}

const storageKey = (userId: string) => `chat.currentThread.${userId}`;

function readStored(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function store(userId: string, threadId: string | null): void {
  try {
    if (threadId) localStorage.setItem(storageKey(userId), threadId);
    else localStorage.removeItem(storageKey(userId));
  } catch {
    /* storage unavailable (private mode): the thread lasts as long as the page */
  }
}

/**
 * The chat thread, kept across reloads and sign-ins: the user's current thread id is remembered in
 * localStorage (per user). On load it is checked (GET its messages); when it is gone (deleted,
 * another database) a new one is started. `restart` starts a new thread (clear conversation),
 * `open` switches to an earlier one.
 */
export function useChatThread(userId: string, sessionFilter: string[]) {
  const [threadId, setThreadId] = useState<string | null>(null);
  const started = useRef(false);
  const filter = useRef(sessionFilter);
  // The latest filter, kept after each render (a ref is not written during render).
  useLayoutEffect(() => {
    filter.current = sessionFilter;
  }, [sessionFilter]);

  const use = useCallback(
    (id: string | null) => {
      store(userId, id);
      setThreadId(id);
    },
    [userId],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const remembered = readStored(userId);
    const begin = async (): Promise<string> => {
      if (remembered) {
        try {
          await chatMessages(remembered);
          return remembered;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 404) throw error;
        }
      }
      return startThread(filter.current);
    };
    begin()
      .then(use)
      .catch((error: unknown) => {
        console.error('Failed to start a chat thread', error);
        reportApiError(error);
      });
  }, [userId, use]);

  const restart = useCallback(async () => {
    const id = await startThread(filter.current);
    use(id);
    return id;
  }, [use]);

  const open = useCallback((id: string) => use(id), [use]);

  return { threadId, restart, open };
}
