import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A centred modal dialog with a title, an optional description and a close button. */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  // What had focus when the dialog opened: focus goes back there on close (Escape, ×, or an action). A
  // citation badge re-rendered meanwhile is found again by its marker.
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = (event: Event) => {
    const el = opener.current;
    if (!el) return;
    let target: HTMLElement | null = el.isConnected ? el : null;
    const marker = el.getAttribute('data-citation');
    if (!target && marker) target = document.querySelector<HTMLElement>(`[data-citation="${CSS.escape(marker)}"]`);
    if (!target && el.id) target = document.getElementById(el.id);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={returnFocus}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded p-1 text-xl leading-none text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
