import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { setToastBridge } from '@/lib/toast';

/** Lets the auth provider show toasts through react-admin's notification while a console is mounted. */
export function ToastBridge() {
  const notify = useNotify();
  useEffect(() => {
    setToastBridge((text) => notify(text, { type: 'error', autoHideDuration: 5000 }));
    return () => setToastBridge(undefined);
  }, [notify]);
  return null;
}
