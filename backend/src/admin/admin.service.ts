import { Injectable, NotFoundException } from '@nestjs/common';
import { ActionRow, AdminRepository, ChatSummaryRow, ThreadRow } from './admin.repository';
import type { ActionsPage, AdminChatThread, UserAction, UserChatSummary } from './dto/admin.response';
import { DEFAULT_ACTIONS_PAGE_SIZE, ListActionsQuery } from './dto/list-actions.query';
import { USER_NOT_FOUND_MESSAGE } from './dto/admin.messages';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function toUserChatSummary(row: ChatSummaryRow): UserChatSummary {
  return { ...row, lastActivity: iso(row.lastActivity) };
}

export function toAdminChatThread(row: ThreadRow): AdminChatThread {
  return {
    id: row.id,
    sessionFilter: row.sessionFilter ?? [],
    createdAt: new Date(row.createdAt).toISOString(),
    messages: row.messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      createdAt: new Date(m.createdAt).toISOString(),
      sources: Array.isArray(m.sources) ? m.sources : [],
    })),
  };
}

export function toUserAction(row: ActionRow): UserAction {
  const meta = row.metadata ?? {};
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    actionType: row.actionType,
    details: row.details,
    timestamp: new Date(row.timestamp).toISOString(),
    metadata: { ip: str(meta.ip), userAgent: str(meta.userAgent), messagePreview: str(meta.messagePreview) },
  };
}

/** Admin review of users: chat histories and the activity log. */
@Injectable()
export class AdminService {
  constructor(private readonly repo: AdminRepository) {}

  async chatSummaries(q?: string): Promise<UserChatSummary[]> {
    const rows = await this.repo.chatSummaries(q?.trim() || undefined);
    return rows.map(toUserChatSummary);
  }

  async userChats(userId: string): Promise<AdminChatThread[]> {
    const rows = await this.repo.userThreads(userId);
    if (rows.length === 0 && !(await this.repo.userExists(userId))) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    return rows.map(toAdminChatThread);
  }

  async actions(query: ListActionsQuery): Promise<ActionsPage> {
    const pageSize = query.pageSize ?? DEFAULT_ACTIONS_PAGE_SIZE;
    const page = query.page ?? 1;
    const filter = { type: query.type, q: query.q?.trim() || undefined };
    const rows = await this.repo.actions({ ...filter, limit: pageSize, offset: (page - 1) * pageSize });
    const total = rows.length > 0 ? rows[0].total : page > 1 ? await this.repo.countActions(filter) : 0;
    return { items: rows.map(toUserAction), total };
  }
}
