import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { apiJson } from '@/lib/api';
import { reportApiError } from '@/lib/queryClient';

async function startThread(sessionFilter: string[]): Promise<string> {
  const { id } = await apiJson<{ id: string }>('POST', '/api/chat/start', { sessionFilter });
  return id;
}

/**
 * The chat thread: started once after authentication with the session filter and reused
 * (a failed creation is only logged). `restart` starts a new one (clear conversation).
 */
export function useChatThread(sessionFilter: string[]) {
  const [threadId, setThreadId] = useState<string | null>(null);
  const started = useRef(false);
  const filter = useRef(sessionFilter);
  // The latest filter, kept after each render (a ref is not written during render).
  useLayoutEffect(() => {
    filter.current = sessionFilter;
  }, [sessionFilter]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startThread(filter.current)
      .then(setThreadId)
      .catch((error: unknown) => {
        console.error('Failed to start a chat thread', error);
        reportApiError(error);
      });
  }, []);

  const restart = useCallback(async () => {
    const id = await startThread(filter.current);
    setThreadId(id);
    return id;
  }, []);

  return { threadId, restart };
}
