import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth';
import type { User } from '@/lib/types';
import LandingPage from '@/pages/LandingPage';

type ChatPageComponent = ComponentType<{ user: User }>;

// The landing page is small and is what a signed-out visitor sees first: it ships in the entry chunk,
// so `/` renders as soon as the user query answers. The chat app loads only for a signed-in user.
const loadChatPage = () => import('@/pages/ChatPage');
let loadedChatPage: ChatPageComponent | null = null;

/**
 * `/`: the chat app when signed in, the landing page otherwise, a spinner while either loads.
 * The chat page's code is loaded here rather than through React.lazy: a lazy screen shows its Suspense
 * fallback, and React then holds the screen back for 300 ms after the fallback appeared (its Suspense
 * throttling), which the chat page's first paint would wait for on every load.
 */
export function HomePage() {
  const { user, isLoading } = useAuth();
  const [ChatPage, setChatPage] = useState<ChatPageComponent | null>(() => loadedChatPage);
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    if (!user || ChatPage) return;
    let current = true;
    loadChatPage().then(
      (m) => {
        loadedChatPage = m.default;
        // A transition: React renders the chat page in slices, the main thread stays free in between.
        if (current) startTransition(() => setChatPage(() => m.default));
      },
      (error: unknown) => current && setLoadError(error ?? new Error('The chat page could not be loaded')),
    );
    return () => {
      current = false;
    };
  }, [user, ChatPage]);
  if (loadError) throw loadError; // as a lazy screen whose code fails to load would
  if (isLoading || (user && !ChatPage)) return <FullPageSpinner />;
  return user && ChatPage ? <ChatPage user={user} /> : <LandingPage />;
}
