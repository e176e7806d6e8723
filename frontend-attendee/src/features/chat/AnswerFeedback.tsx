import { type FormEvent, useId, useState } from 'react';
import { Button, focusRing } from '@/components/ui/Button';
import { serverMessage } from '@/lib/api';
import { reportApiError } from '@/lib/queryClient';
import { cn } from '@/lib/cn';
import { MAX_FEEDBACK_COMMENT, type Rating, sendFeedback } from './answerFeedback';

interface Props {
  messageId: string;
  /** The rating stored earlier, if any. */
  rating?: Rating;
  comment?: string;
}

function Thumb({ down }: { down?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={cn('h-5 w-5 fill-none stroke-current', down && 'rotate-180')}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M7 10v11H3V10h4zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
    </svg>
  );
}

const choice = 'inline-flex h-11 w-11 items-center justify-center rounded-full border transition-colors disabled:cursor-wait';

interface RatingGroupProps {
  rating?: Rating;
  busy: boolean;
  /** 'Thanks for your feedback.' once saved (announced politely). */
  notice: string;
  onRate: (next: Rating) => void;
}

/** 'Rate this answer': the 'Helpful' / 'Not helpful' toggle buttons and the saved notice. */
function RatingGroup({ rating, busy, notice, onRate }: RatingGroupProps) {
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Rate this answer">
      <button
        type="button"
        aria-label="Helpful"
        aria-pressed={rating === 'up'}
        disabled={busy}
        onClick={() => onRate('up')}
        className={cn(
          choice,
          focusRing,
          rating === 'up' ? 'border-emerald-700 bg-emerald-50 text-emerald-800' : 'border-slate-200 text-slate-600 hover:bg-slate-50',
        )}
      >
        <Thumb />
      </button>
      <button
        type="button"
        aria-label="Not helpful"
        aria-pressed={rating === 'down'}
        disabled={busy}
        onClick={() => onRate('down')}
        className={cn(
          choice,
          focusRing,
          rating === 'down' ? 'border-red-700 bg-red-50 text-red-800' : 'border-slate-200 text-slate-600 hover:bg-slate-50',
        )}
      >
        <Thumb down />
      </button>
      <p className="text-xs text-slate-600" role="status" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}

interface CommentFormProps {
  comment: string;
  busy: boolean;
  onChange: (comment: string) => void;
  onSubmit: (e: FormEvent) => void;
}

/** After 'Not helpful': the optional one-line comment ('What was wrong?') and 'Send'. */
function CommentForm({ comment, busy, onChange, onSubmit }: CommentFormProps) {
  const inputId = useId();
  return (
    <form className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 sm:shrink-0">
        What was wrong?
      </label>
      <input
        id={inputId}
        type="text"
        value={comment}
        maxLength={MAX_FEEDBACK_COMMENT}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Optional"
        className={cn('h-11 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-base sm:text-sm', focusRing)}
      />
      <Button type="submit" variant="outline" className="h-11 justify-center" disabled={busy}>
        Send
      </Button>
    </form>
  );
}

/**
 * Under an answer: 'Helpful' / 'Not helpful' (one choice, changeable), and after 'Not helpful' an
 * optional one-line comment ('What was wrong?'). 44 px targets for phones.
 */
export function AnswerFeedback({ messageId, rating: initialRating, comment: initialComment }: Props) {
  const [rating, setRating] = useState<Rating | undefined>(initialRating);
  const [comment, setComment] = useState(initialComment ?? '');
  const [commentOpen, setCommentOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>('');
  const [error, setError] = useState<string>('');

  async function save(next: Rating, text?: string): Promise<boolean> {
    setBusy(true);
    setError('');
    try {
      await sendFeedback(messageId, next, text);
      setRating(next);
      return true;
    } catch (err) {
      reportApiError(err);
      setError(serverMessage(err) || 'Your feedback could not be saved. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function rate(next: Rating) {
    if (busy) return;
    if (next === rating && next === 'up') return;
    if (await save(next, next === 'down' ? comment.trim() || undefined : undefined)) {
      setCommentOpen(next === 'down');
      setNotice(next === 'up' ? 'Thanks for your feedback.' : '');
    }
  }

  async function submitComment(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (await save('down', comment.trim() || undefined)) {
      setCommentOpen(false);
      setNotice('Thanks for your feedback.');
    }
  }

  return (
    <div className="mt-2 border-t border-slate-100 pt-2" data-testid="answer-feedback">
      <RatingGroup rating={rating} busy={busy} notice={notice} onRate={(next) => void rate(next)} />
      {commentOpen && rating === 'down' && (
        <CommentForm comment={comment} busy={busy} onChange={setComment} onSubmit={(e) => void submitComment(e)} />
      )}
      {error && (
        <p className="mt-1 text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
