import { Source } from '../../retrieval/dto/source.response';

/** Label of the questions asked without a session filter. */
export const ALL_SESSIONS_LABEL = 'All sessions';
/** Label of a session that no longer exists (as the Export tab's fallback). */
export const UNKNOWN_SESSION_LABEL = 'Unknown Session';

export class SessionQuestions {
  /** null: asked without a session filter ('All sessions'). */
  sessionId: string | null;
  sessionTitle: string;
  questions: number;
}

/** One line of folded questions: identical and near-duplicate wordings counted together. */
export class QuestionGroup {
  /** The wording shown: the latest of the most asked (top) or newest (unanswered) wording. */
  question: string;
  count: number;
  /** Other wordings folded into this line (at most 5), for the organiser to see what was merged. */
  variants: string[];
  lastAskedAt: string;
}

export class UnansweredGroup extends QuestionGroup {
  sessionId: string | null;
  sessionTitle: string;
}

export class NotHelpfulAnswer {
  messageId: string;
  question: string;
  answer: string;
  sources: Source[];
  comment: string | null;
  ratedAt: string;
}

export class FeedbackSummary {
  rated: number;
  helpful: number;
  notHelpful: number;
  /** helpful / rated, 0..1; null when nothing was rated. */
  helpfulShare: number | null;
  /** Newest first, at most INSIGHTS_LIST_LIMIT. */
  notHelpfulAnswers: NotHelpfulAnswer[];
}

export class InsightsTotals {
  questions: number;
  unanswered: number;
}

/** GET /api/admin/insights */
export class InsightsResponse {
  days: number;
  sessionId: string | null;
  /** Start of the range (now minus `days`). */
  since: string;
  totals: InsightsTotals;
  questionsBySession: SessionQuestions[];
  unanswered: UnansweredGroup[];
  feedback: FeedbackSummary;
  topQuestions: QuestionGroup[];
}
