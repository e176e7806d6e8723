import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MAIL_RECIPIENT_PATTERN } from '../../email/email-address';

export const BLANK_MESSAGE = 'Please enter a message.';
export const UNKNOWN_THREAD_MESSAGE = 'This conversation was not found. Please start a new conversation.';
export const THREAD_BUSY_MESSAGE = 'A question is still being answered in this conversation. Please wait for it to finish.';
export const INVALID_SESSIONS_MESSAGE = 'Session ids must be a list of session ids.';
/** PRODUCT.md §5 (chat-history email dialog). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const MESSAGE_TOO_LONG = 'Your message is too long (4000 characters at most).';
export const MESSAGE_NOT_FOUND_MESSAGE = 'Message not found';
export const INVALID_MESSAGE_ID_MESSAGE = 'messageId must be the id of an answer.';
export const INVALID_RATING_MESSAGE = "rating must be 'up' or 'down'.";
export const FEEDBACK_COMMENT_TOO_LONG = 'The comment is too long (500 characters at most).';
/** Longest comment on a 'Not helpful' rating. */
export const MAX_FEEDBACK_COMMENT_LENGTH = 500;
/** Longest question accepted. */
export const MAX_MESSAGE_LENGTH = 4000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/chat/start */
export class StartChatDto {
  @IsOptional()
  @IsArray({ message: INVALID_SESSIONS_MESSAGE })
  @ArrayMaxSize(500, { message: INVALID_SESSIONS_MESSAGE })
  @IsUUID('all', { each: true, message: INVALID_SESSIONS_MESSAGE })
  sessionFilter?: string[];
}

/** POST /api/chat/stream, /api/chat/message and /api/chat/simple */
export class SendMessageDto {
  @IsString({ message: UNKNOWN_THREAD_MESSAGE })
  @MaxLength(100, { message: UNKNOWN_THREAD_MESSAGE })
  threadId!: string;

  @Transform(trim)
  @IsString({ message: BLANK_MESSAGE })
  @Matches(/\S/, { message: BLANK_MESSAGE })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: MESSAGE_TOO_LONG })
  message!: string;

  @IsOptional()
  @IsArray({ message: INVALID_SESSIONS_MESSAGE })
  @ArrayMaxSize(500, { message: INVALID_SESSIONS_MESSAGE })
  @IsUUID('all', { each: true, message: INVALID_SESSIONS_MESSAGE })
  sessionIds?: string[];
}

/** POST /api/email/chat-history */
export class EmailChatHistoryDto {
  @Transform(trim)
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @ApiProperty({ pattern: MAIL_RECIPIENT_PATTERN.source })
  @Matches(MAIL_RECIPIENT_PATTERN, { message: INVALID_EMAIL_MESSAGE })
  @MaxLength(254, { message: INVALID_EMAIL_MESSAGE })
  recipientEmail!: string;

  /** Missing or not the user's: 404 'No active chat to send' (from the service). */
  @IsOptional()
  @IsString({ message: 'No active chat to send' })
  threadId?: string;
}

/** POST /api/chat/feedback */
export class FeedbackDto {
  @IsString({ message: INVALID_MESSAGE_ID_MESSAGE })
  @MaxLength(100, { message: INVALID_MESSAGE_ID_MESSAGE })
  messageId!: string;

  @IsIn(['up', 'down'], { message: INVALID_RATING_MESSAGE })
  rating!: 'up' | 'down';

  @IsOptional()
  @IsString({ message: FEEDBACK_COMMENT_TOO_LONG })
  @MaxLength(MAX_FEEDBACK_COMMENT_LENGTH, { message: FEEDBACK_COMMENT_TOO_LONG })
  comment?: string;
}
