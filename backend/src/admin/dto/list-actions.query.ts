import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const ACTION_TYPES = ['login', 'chat_message', 'other'] as const;
export type ActionTypeFilter = (typeof ACTION_TYPES)[number];
export const DEFAULT_ACTIONS_PAGE_SIZE = 100;
export const MAX_ACTIONS_PAGE_SIZE = 500;

/** `GET /api/admin/users/actions?type=&q=&page=&pageSize=` */
export class ListActionsQuery {
  @IsOptional()
  @IsIn(ACTION_TYPES, { message: 'type must be one of: login, chat_message, other.' })
  type?: ActionTypeFilter;

  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'The search text must be at most 200 characters.' })
  q?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number from 1.' })
  @Min(1, { message: 'page must be a whole number from 1.' })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `pageSize must be a whole number from 1 to ${MAX_ACTIONS_PAGE_SIZE}.` })
  @Min(1, { message: `pageSize must be a whole number from 1 to ${MAX_ACTIONS_PAGE_SIZE}.` })
  @Max(MAX_ACTIONS_PAGE_SIZE, { message: `pageSize must be a whole number from 1 to ${MAX_ACTIONS_PAGE_SIZE}.` })
  pageSize?: number;
}
