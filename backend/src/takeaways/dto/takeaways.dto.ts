import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MAIL_RECIPIENT_PATTERN } from '../../email/email-address';

export const SELECT_SESSIONS_MESSAGE = 'Please select at least one session to generate takeaways.';
export const NO_SESSIONS_SELECTED_MESSAGE = 'No sessions selected to generate takeaways';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
const INVALID_SESSIONS_MESSAGE = 'Session ids must be a list of session ids.';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/takeaways */
export class TakeawaysDto {
  @IsOptional()
  @IsArray({ message: INVALID_SESSIONS_MESSAGE })
  @ArrayMaxSize(500, { message: INVALID_SESSIONS_MESSAGE })
  @IsUUID('all', { each: true, message: INVALID_SESSIONS_MESSAGE })
  sessionIds?: string[];

  @IsOptional()
  @IsBoolean({ message: 'useAllSessions must be true or false.' })
  useAllSessions?: boolean;
}

/** POST /api/email/takeaways */
export class EmailTakeawaysDto extends TakeawaysDto {
  @Transform(trim)
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @ApiProperty({ pattern: MAIL_RECIPIENT_PATTERN.source })
  @Matches(MAIL_RECIPIENT_PATTERN, { message: INVALID_EMAIL_MESSAGE })
  @MaxLength(254, { message: INVALID_EMAIL_MESSAGE })
  recipientEmail!: string;
}
