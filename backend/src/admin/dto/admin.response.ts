import { Source } from '../../retrieval/dto/source.response';
import type { ActionTypeFilter } from './list-actions.query';

/** PRODUCT.md §3 "User chat-history summary". */
export class UserChatSummary {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  threadCount: number;
  messageCount: number;
  lastActivity: string | null;
}

export class AdminChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  sources: Source[];
}

export class AdminChatThread {
  id: string;
  sessionFilter: string[];
  createdAt: string;
  messages: AdminChatMessage[];
}

export class UserActionMetadata {
  ip: string | null;
  userAgent: string | null;
  messagePreview: string | null;
}

/** PRODUCT.md §3 "User action". */
export class UserAction {
  id: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  actionType: ActionTypeFilter;
  details: string;
  timestamp: string;
  metadata: UserActionMetadata;
}

export interface ActionsPage {
  items: UserAction[];
  total: number;
}
