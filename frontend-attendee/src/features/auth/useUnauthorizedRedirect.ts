import { navigation } from '@/lib/navigation';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { MSG_UNAUTHORIZED, MSG_UNAUTHORIZED_TITLE, TOAST_REDIRECT_DELAY_MS } from '@/constants';
import { onApiError } from '@/lib/queryClient';

/** Unauthenticated (a '401: …Unauthorized' error): toast Unauthorized, then /auth after 500 ms (PRODUCT.md §2, §6). */
export function useUnauthorizedRedirect(target = '/auth') {
  const fired = useRef(false);
  useEffect(
    () =>
      onApiError(() => {
        if (fired.current) return;
        fired.current = true;
        toast({ title: MSG_UNAUTHORIZED_TITLE, description: MSG_UNAUTHORIZED, variant: 'destructive' });
        setTimeout(() => navigation.assign(target), TOAST_REDIRECT_DELAY_MS);
      }),
    [target],
  );
}
