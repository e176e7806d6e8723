/** Shapes of the REST API (docs/API.md). */

export type SessionFormat = string;

export interface SessionDocumentRef {
  id: string;
  kind: DocumentKind;
  originalFilename: string;
  status: DocumentStatus;
}

export interface Session {
  id: string;
  title: string;
  description?: string;
  speakers: string[];
  tags: string[];
  format: SessionFormat | null;
  date: string | null;
  day?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  location?: string | null;
  documentsCount?: number;
  hasDocuments?: boolean;
  documentTypes?: DocumentKind[];
  contentStatus?: 'none' | 'processing' | 'available';
  documents?: SessionDocumentRef[];
}

/** The body of POST /api/admin/session and PUT /api/admin/session/{id} (SPEC §7). */
export interface SessionPayload {
  title: string;
  speakers: string[];
  tags: string[];
  date: string | null;
  format: string;
}

export type DocumentKind = 'transcript' | 'pdf';
export type DocumentStatus = 'uploaded' | 'chunked' | 'embedded' | 'error';

export interface DocumentRecord {
  id: string;
  kind: DocumentKind;
  sessionId: string;
  sessionTitle?: string | null;
  originalFilename: string;
  mimeType?: string;
  bytes: number;
  status: DocumentStatus;
  error?: string | null;
  createdAt: string;
  uploaderName?: string | null;
  progressPercent?: number | null;
  progressStage?: string | null;
  estimatedTimeRemaining?: number | null;
  totalChunks?: number | null;
  processedChunks?: number | null;
  /** PDF pages whose text was read by OCR (no usable text layer). */
  ocrPages?: number[] | null;
}

export interface ExportDocument {
  id: string;
  filename: string;
  kind: DocumentKind;
  bytes: number;
  createdAt: string;
}

export type ExportList = Record<string, { sessionTitle?: string | null; documents: ExportDocument[] }>;

export interface UserChatSummary {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  threadCount: number;
  messageCount: number;
  lastActivity: string | null;
}

export interface ChatSource {
  marker?: string;
  sessionTitle?: string;
  snippet?: string;
  page?: number;
  kind?: DocumentKind;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  sources?: ChatSource[];
}

export interface ChatThread {
  id: string;
  sessionFilter: string[];
  createdAt: string;
  messages: ChatMessage[];
}

export type ActionType = 'login' | 'chat_message' | 'other';

export interface UserAction {
  id: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  actionType: ActionType;
  details: string;
  timestamp: string;
  metadata: { ip: string | null; userAgent: string | null; messagePreview: string | null };
}

export interface DailyCost {
  date: string;
  chatRequests: number;
  embeddingRequests: number;
  takeawayRequests: number;
  totalCost: number;
  totalTokens: number;
}

/** Today's spend against the daily cap (OPENAI_DAILY_BUDGET_USD); not in the spec, added by the API. */
export interface BudgetStatus {
  dailyBudgetUsd: number | null;
  spentTodayUsd: number;
  reached: boolean;
}

export interface UsageSummary {
  totalCost: number;
  totalTokens: number;
  totalRequests: number;
  last30Days: DailyCost[];
  budget?: BudgetStatus;
}

export interface AnalyticsEntry {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  totalLogins: number;
  totalChatPrompts: number;
  lastLogin: string | null;
  createdAt: string;
}

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name?: string;
  role: 'attendee' | 'admin' | 'superadmin';
  isAdmin?: boolean;
  verificationPending?: boolean;
}

/** A source of an answer as stored (GET /api/admin/insights). */
export interface AnswerSource {
  documentId: string;
  sessionId: string;
  sessionTitle: string;
  kind: DocumentKind;
  page?: number;
  startTime?: number;
  marker: string;
  snippet: string;
}

export interface InsightsQuestionGroup {
  question: string;
  count: number;
  variants: string[];
  lastAskedAt: string;
}

export interface InsightsUnansweredGroup extends InsightsQuestionGroup {
  sessionId: string | null;
  sessionTitle: string;
}

export interface InsightsNotHelpfulAnswer {
  messageId: string;
  question: string;
  answer: string;
  sources: AnswerSource[];
  comment: string | null;
  ratedAt: string;
}

/** GET /api/admin/insights?days=&sessionId= */
export interface Insights {
  days: number;
  sessionId: string | null;
  since: string;
  totals: { questions: number; unanswered: number };
  questionsBySession: { sessionId: string | null; sessionTitle: string; questions: number }[];
  unanswered: InsightsUnansweredGroup[];
  feedback: {
    rated: number;
    helpful: number;
    notHelpful: number;
    helpfulShare: number | null;
    notHelpfulAnswers: InsightsNotHelpfulAnswer[];
  };
  topQuestions: InsightsQuestionGroup[];
}
