import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type Tone = 'slate' | 'sky' | 'amber' | 'emerald' | 'violet' | 'rose';
const tones: Record<Tone, string> = {
  slate: 'bg-slate-100 text-slate-800 border-slate-200',
  sky: 'bg-sky-50 text-sky-900 border-sky-200',
  amber: 'bg-amber-50 text-amber-900 border-amber-200',
  emerald: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  violet: 'bg-violet-50 text-violet-900 border-violet-200',
  rose: 'bg-rose-50 text-rose-900 border-rose-200',
};

export function Badge({ tone = 'slate', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
