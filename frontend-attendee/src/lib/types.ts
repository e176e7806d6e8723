export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  name: string | null;
  role: 'attendee' | 'admin' | 'superadmin';
  isAdmin: boolean;
  verificationPending?: boolean;
}

export type DocumentKind = 'transcript' | 'pdf';

export interface Session {
  id: string;
  title: string;
  description?: string | null;
  speakers: string[];
  tags: string[];
  format: string;
  date: string | null;
  day: number | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  documentsCount: number;
  hasDocuments: boolean;
  documentTypes: DocumentKind[];
  contentStatus: 'none' | 'processing' | 'available' | string;
}

export interface Source {
  documentId: string;
  sessionId: string;
  sessionTitle: string;
  kind: DocumentKind;
  page?: number | null;
  startTime?: number | null;
  /** Untimed transcripts: the cited turn's first and last line in the uploaded file. */
  line?: number | null;
  lineEnd?: number | null;
  marker: string;
  snippet: string;
  /** Untimed transcripts: the turns around the cited one, each with its file line; `cited` marks the cited turn. */
  excerpt?: { line: number; text: string; cited: boolean }[];
  score?: number;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  sources?: Source[];
  /** The user's rating of an answer ('Helpful' up, 'Not helpful' down), when given. */
  rating?: 'up' | 'down';
  feedbackComment?: string;
}

export interface TakeawaysResult {
  takeaways: string[];
  sources?: string[];
}

export interface SearchResult {
  sessionId: string;
  sessionTitle: string;
  documentId: string;
  kind: DocumentKind;
  page: number | null;
  startTime: number | null;
  marker: string;
  snippet: string;
  score: number;
}
