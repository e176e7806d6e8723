import { navigation } from '@/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast-store';
import { LOGOUT_REDIRECT_DELAY_MS, PRODUCT_NAME } from '@/constants';
import { logout } from '@/lib/api';
import { forgetKept } from '@/lib/keptState';
import { USER_QUERY_KEY } from '@/lib/api';

type State = 'logging-out' | 'success' | 'error';

/** /logout: posts the logout on load, then goes to / after 2 s (a full reload clears every cached query). */
export default function LogoutPage() {
  const [state, setState] = useState<State>('logging-out');
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    logout()
      .then(() => {
        queryClient.setQueryData(USER_QUERY_KEY, null);
        forgetKept(); // the ticked sessions and takeaways kept for reloads
        setState('success');
        timer = setTimeout(() => navigation.assign('/'), LOGOUT_REDIRECT_DELAY_MS);
      })
      .catch(() => {
        setState('error');
        toast({ title: 'Logout failed', description: 'Logout failed. Please try again.', variant: 'destructive' });
      });
    return () => clearTimeout(timer);
  }, [queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl">
        <h1 className="text-xl font-bold text-slate-900">{PRODUCT_NAME}</h1>
        <div className="mt-6" aria-live="polite">
          {state === 'logging-out' && (
            <p className="flex items-center justify-center gap-3 text-slate-700">
              <Spinner /> Logging out...
            </p>
          )}
          {state === 'success' && (
            <div className="grid gap-2">
              <p className="font-medium text-emerald-800">You have been successfully logged out.</p>
              <p className="text-slate-700">Redirecting you to the login page...</p>
            </div>
          )}
          {state === 'error' && (
            <div className="grid gap-4">
              <p className="text-red-800">Logout failed. Please try again.</p>
              <div className="flex flex-wrap justify-center gap-3">
                <Button onClick={() => navigation.reload()}>Try Again</Button>
                <Link
                  to="/"
                  className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  Return to Home
                </Link>
              </div>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
