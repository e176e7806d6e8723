import { useEffect, useRef, useState } from 'react';
import type { ChatMessage, Source } from '@/lib/types';
import { AnswerFeedback } from './AnswerFeedback';
import { Message } from './Message';

interface Props {
  messages: ChatMessage[];
  pendingMessage: string | null;
  streamingText: string;
  streamingSources: Source[];
  onOpenSource: (source: Source, claim?: string) => void;
}

const MINUTE = 60_000;

/** The conversation, then the pending question and the answer being streamed. */
export function MessageList({ messages, pendingMessage, streamingText, streamingSources, onOpenSource }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pendingMessage, streamingText]);

  return (
    <div>
      <ul className="grid gap-4" aria-label="Conversation">
        {messages.map((m) => (
          <Message
            key={m.id}
            role={m.role}
            content={m.content}
            createdAt={m.createdAt}
            sources={m.sources}
            now={now}
            onOpenSource={onOpenSource}
            footer={m.role === 'assistant' ? <AnswerFeedback messageId={m.id} rating={m.rating} comment={m.feedbackComment} /> : undefined}
          />
        ))}
        {pendingMessage && <Message role="user" content={pendingMessage} pending now={now} onOpenSource={onOpenSource} />}
        {streamingText && (
          <Message role="assistant" content={streamingText} sources={streamingSources} streaming now={now} onOpenSource={onOpenSource} />
        )}
      </ul>
      <div ref={end} />
    </div>
  );
}
