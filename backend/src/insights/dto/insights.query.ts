import { IsIn, IsOptional, IsUUID } from 'class-validator';

/** The ranges of the Insights tab: the last 7, 30 or 90 days, default 30 (as the billing tab). */
export const INSIGHTS_RANGES = ['7', '30', '90'] as const;
export const DEFAULT_INSIGHTS_DAYS = 30;
export const INVALID_INSIGHTS_DAYS_MESSAGE = 'days must be 7, 30 or 90.';
export const INVALID_INSIGHTS_SESSION_MESSAGE = 'sessionId must be a session id.';

/** `GET /api/admin/insights?days=7|30|90&sessionId=<uuid>` */
export class InsightsQuery {
  @IsOptional()
  @IsIn(INSIGHTS_RANGES, { message: INVALID_INSIGHTS_DAYS_MESSAGE })
  days?: (typeof INSIGHTS_RANGES)[number];

  @IsOptional()
  @IsUUID('all', { message: INVALID_INSIGHTS_SESSION_MESSAGE })
  sessionId?: string;
}
