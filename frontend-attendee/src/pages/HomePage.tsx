import { lazy } from 'react';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth';
import LandingPage from '@/pages/LandingPage';

// The landing page is small and is what a signed-out visitor sees first: it ships in the entry chunk,
// so `/` renders as soon as the user query answers. The chat app loads only for a signed-in user.
const ChatPage = lazy(() => import('@/pages/ChatPage'));

/** `/`: the chat app when signed in, the landing page otherwise, a spinner while the user loads. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return user ? <ChatPage user={user} /> : <LandingPage />;
}
