import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  children: ReactNode;
}

/** A slide-over panel with a dimmed overlay that closes it (used below the large breakpoint). */
export function Sheet({ open, onOpenChange, side, title, children }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="sheet-overlay" className="fixed inset-0 z-40 bg-slate-950/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(24rem,calc(100vw-2.5rem))] flex-col bg-white shadow-2xl focus:outline-none',
            side === 'left' ? 'left-0' : 'right-0',
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={`Close ${title}`}
              className="rounded p-1 text-xl leading-none text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              ×
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
