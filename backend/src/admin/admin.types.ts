import type { ActionTypeFilter } from './dto/list-actions.query';

/** SPEC §3 "User chat-history summary". */
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

export interface AdminChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  sources: unknown[];
}

export interface AdminChatThread {
  id: string;
  sessionFilter: string[];
  createdAt: string;
  messages: AdminChatMessage[];
}

/** SPEC §3 "User action". */
export interface UserAction {
  id: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  actionType: ActionTypeFilter;
  details: string;
  timestamp: string;
  metadata: { ip: string | null; userAgent: string | null; messagePreview: string | null };
}

export interface ActionsPage {
  items: UserAction[];
  total: number;
}
