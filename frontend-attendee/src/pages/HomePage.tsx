import { lazy } from 'react';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth';

const ChatPage = lazy(() => import('@/pages/ChatPage'));
const LandingPage = lazy(() => import('@/pages/LandingPage'));

/** `/`: the chat app when signed in, the landing page otherwise, a spinner while the user loads. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return user ? <ChatPage user={user} /> : <LandingPage />;
}
