import { useCallback } from 'react';
import { useNotify } from 'react-admin';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** A toast's text: 'Title: description', or the title alone. */
export function toastText(title: string, description?: string): string {
  return description ? `${title}: ${description}` : title;
}

/** Toasts through react-admin's notification (one visible at a time). */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (title: string, description?: string, type: ToastType = 'info') =>
      notify(toastText(title, description), { type, autoHideDuration: 5000, multiLine: true }),
    [notify],
  );
}

type Notifier = (text: string) => void;
let bridge: Notifier | undefined;

/** Lets code outside React (the auth provider) show a toast through the mounted console. */
export function setToastBridge(n: Notifier | undefined): void {
  bridge = n;
}
export function toastFromOutside(title: string, description?: string): void {
  bridge?.(toastText(title, description));
}
