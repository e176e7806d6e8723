import { IsIn, IsOptional } from 'class-validator';

/** PRODUCT.md §9: billing ranges 7, 30, 90 days, default 30. */
export const BILLING_RANGES = ['7', '30', '90'] as const;
export const DEFAULT_BILLING_DAYS = 30;
export const INVALID_DAYS_MESSAGE = 'days must be 7, 30 or 90.';

/** `GET /api/admin/openai-costs?days=7|30|90` */
export class CostsQuery {
  @IsOptional()
  @IsIn(BILLING_RANGES, { message: INVALID_DAYS_MESSAGE })
  days?: (typeof BILLING_RANGES)[number];
}
