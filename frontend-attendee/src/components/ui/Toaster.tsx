import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS } from '@/constants';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts } from './toast-store';

const variantClass = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-300 bg-red-50 text-red-950',
} as const;

/** Radix toasts, one visible at a time, bottom left (below the header on phones). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg data-[state=closed]:hidden',
            variantClass[t.variant ?? 'default'],
          )}
        >
          <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
          {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Where no button sits: below the app header on phones (over the conversation), bottom left on
          larger screens (over the session list), so a toast never hides the button it refers to. */}
      <Toast.Viewport className="fixed top-12 right-0 left-0 z-[100] mx-auto flex max-h-screen w-full max-w-sm flex-col gap-2 p-3 outline-none sm:top-auto sm:right-auto sm:bottom-0 sm:left-0 sm:mx-0 sm:p-4" />
    </Toast.Provider>
  );
}
