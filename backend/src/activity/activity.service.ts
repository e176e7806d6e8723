import { Injectable } from '@nestjs/common';
import { ActionMetadata, ActionType, ActivityRepository } from './activity.repository';

/** PRODUCT.md §9: previews and user agents are cut to these lengths in the activity log. */
export const MESSAGE_PREVIEW_LENGTH = 500;
export const USER_AGENT_LENGTH = 100;

@Injectable()
export class ActivityService {
  constructor(private readonly repo: ActivityRepository) {}

  async record(userId: string | null, type: ActionType, details: string, metadata: ActionMetadata = {}): Promise<void> {
    const clean: ActionMetadata = { ...metadata };
    if (clean.userAgent) clean.userAgent = clean.userAgent.slice(0, USER_AGENT_LENGTH);
    if (clean.messagePreview) clean.messagePreview = clean.messagePreview.slice(0, MESSAGE_PREVIEW_LENGTH);
    await this.repo.insert(userId, type, details, clean);
  }
}
