import { forwardRef, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { TEXTAREA_MAX_HEIGHT_PX, TEXTAREA_MIN_HEIGHT_PX } from '@/constants';

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled: boolean;
}

/** The question box: grows from 48 to 200 px; Enter sends, Shift+Enter adds a line. */
export const ChatInput = forwardRef<HTMLTextAreaElement, ChatInputProps>(function ChatInput({ value, onChange, onSubmit, disabled }, ref) {
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => area.current!, []);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = `${TEXTAREA_MIN_HEIGHT_PX}px`;
    el.style.height = `${Math.min(TEXTAREA_MAX_HEIGHT_PX, Math.max(TEXTAREA_MIN_HEIGHT_PX, el.scrollHeight))}px`;
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSubmit();
    }
  };

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="chat-question" className="sr-only">
        Ask a question about the conference
      </label>
      <textarea
        id="chat-question"
        ref={area}
        rows={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Ask a question about the conference sessions..."
        style={{ minHeight: TEXTAREA_MIN_HEIGHT_PX, maxHeight: TEXTAREA_MAX_HEIGHT_PX }}
        className="flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-3 text-sm leading-5 text-slate-900 placeholder:text-slate-500"
      />
      <Button type="submit" size="lg" disabled={disabled || !value.trim()} className="h-12">
        Ask
      </Button>
    </form>
  );
});
