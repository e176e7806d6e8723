import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useConference } from '@/lib/useConference';
import { relativeTime } from '@rules/relative-time';
import type { Source } from '@/lib/types';
import type { ReactNode } from 'react';
import MarkdownContent from './MarkdownContent';

export interface MessageProps {
  role: 'user' | 'assistant';
  content: string;
  createdAt?: string;
  sources?: Source[];
  pending?: boolean;
  streaming?: boolean;
  now: Date;
  onOpenSource: (source: Source, claim?: string) => void;
  /** Shown under a stored answer (answer feedback). */
  footer?: ReactNode;
}

/** One chat message: the user's on the right, the assistant's (markdown with citation badges) on the left. */
export function Message({ role, content, createdAt, sources, pending, streaming, now, onOpenSource, footer }: MessageProps) {
  const timeZone = useConference().data?.timeZone;
  const isUser = role === 'user';
  return (
    <li className={cn('flex', isUser ? 'justify-end' : 'justify-start')} data-role={role} data-testid="chat-message">
      <div
        className={cn(
          'max-w-[90%] rounded-2xl px-4 py-3 shadow-sm sm:max-w-[80%]',
          isUser ? 'bg-sky-800 text-white' : 'border border-slate-200 bg-white',
          pending && 'opacity-80',
        )}
      >
        <p className="sr-only">{isUser ? 'You said:' : 'Assistant answered:'}</p>
        {isUser ? (
          <p className="text-sm whitespace-pre-wrap">{content}</p>
        ) : (
          <MarkdownContent content={content} sources={sources} onOpenSource={onOpenSource} />
        )}
        <p className={cn('mt-2 flex items-center gap-2 text-xs', isUser ? 'text-sky-100' : 'text-slate-600')}>
          {pending ? (
            'Sending...'
          ) : streaming ? (
            <>
              <Spinner label="Answer in progress" className="scale-75" /> Answering...
            </>
          ) : createdAt ? (
            relativeTime(createdAt, { now, timeZone })
          ) : (
            'Just now'
          )}
        </p>
        {footer}
      </div>
    </li>
  );
}
