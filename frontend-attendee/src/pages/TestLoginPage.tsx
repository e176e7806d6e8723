import { navigation } from '@/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast-store';
import { PRODUCT_NAME, QUICK_LOGIN_REDIRECT_DELAY_MS } from '@/constants';
import { quickLogin } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/api';

type State = 'loading' | 'success' | 'error';

/** /test: signs in the demo attendee on load, then goes to / after 1.5 s. */
export default function TestLoginPage() {
  const [state, setState] = useState<State>('loading');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    quickLogin()
      .then(({ user }) => {
        setState('success');
        timer = setTimeout(() => {
          queryClient.setQueryData(USER_QUERY_KEY, user);
          navigate('/', { replace: true });
        }, QUICK_LOGIN_REDIRECT_DELAY_MS);
      })
      .catch(() => {
        setState('error');
        toast({ title: 'Login failed', description: 'Login failed. Please try again.', variant: 'destructive' });
      });
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl">
        <h1 className="text-xl font-bold text-slate-900">{PRODUCT_NAME}: quick test login</h1>
        <div className="mt-6" aria-live="polite">
          {state === 'loading' && (
            <p className="flex items-center justify-center gap-3 text-slate-700">
              <Spinner /> Logging in...
            </p>
          )}
          {state === 'success' && <p className="text-emerald-800">Logged in successfully. Redirecting...</p>}
          {state === 'error' && (
            <div className="grid gap-4">
              <p className="text-red-800">Login failed. Please try again.</p>
              <Button onClick={() => navigation.reload()} className="justify-center">
                Try Again
              </Button>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
