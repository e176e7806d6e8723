import { sendChatFeedback } from '@/lib/api';

export type Rating = 'up' | 'down';

/** Longest comment on a 'Not helpful' rating (the server refuses more). */
export const MAX_FEEDBACK_COMMENT = 500;

/** POST /api/chat/feedback: rates one of the user's answers (again). */
export function sendFeedback(messageId: string, rating: Rating, comment?: string): Promise<{ rating: Rating; comment: string | null }> {
  return sendChatFeedback({ messageId, rating, ...(comment ? { comment } : {}) });
}
