import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `GET /api/admin/users/chat-history?q=` (optional search over name, email and company). */
export class ListChatUsersQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'The search text must be at most 200 characters.' })
  q?: string;
}
