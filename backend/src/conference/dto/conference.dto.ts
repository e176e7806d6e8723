import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import {
  CONFERENCE_MESSAGES,
  MAX_CONFERENCE_NAME,
  MAX_SHORT_NAME,
  MAX_SUGGESTED_QUESTION,
  MAX_SUGGESTED_QUESTIONS,
} from '../conference-settings';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** Each string of a list trimmed (anything else left for the validators to refuse). */
const trimmedEach = () =>
  Transform(({ value }) => (Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v)) : value));

/**
 * Body of PUT /api/admin/conference. Fields left out keep their stored values. Dates and the time
 * zone are checked by the service (a calendar date, end on or after start, a zone Intl knows).
 */
export class ConferenceInputDto {
  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.name })
  @IsNotEmpty({ message: CONFERENCE_MESSAGES.name })
  @MaxLength(MAX_CONFERENCE_NAME, { message: CONFERENCE_MESSAGES.name })
  name?: string;

  /** 'YYYY-MM-DD' */
  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.startDate })
  startDate?: string;

  /** 'YYYY-MM-DD' */
  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.endDate })
  endDate?: string;

  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.venue })
  @IsNotEmpty({ message: CONFERENCE_MESSAGES.venue })
  @MaxLength(MAX_CONFERENCE_NAME, { message: CONFERENCE_MESSAGES.venue })
  venue?: string;

  /** IANA name, such as 'Europe/Paris'. */
  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.timeZone })
  timeZone?: string;

  /** The header's name for the conference, a short form of its name (at most 40 characters). */
  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.shortName })
  @IsNotEmpty({ message: CONFERENCE_MESSAGES.shortName })
  @MaxLength(MAX_SHORT_NAME, { message: CONFERENCE_MESSAGES.shortName })
  shortName?: string;

  /** The program's languages, BCP-47 primary tags: ['en'], ['fr', 'en'] (1-10; checked by the service). */
  @IsOptional()
  @IsArray({ message: CONFERENCE_MESSAGES.languages })
  languages?: string[];

  /** The chat's suggested questions: 0-6, each 1-300 characters (trimmed). */
  @IsOptional()
  @trimmedEach()
  @IsArray({ message: CONFERENCE_MESSAGES.suggestedQuestions })
  @ArrayMaxSize(MAX_SUGGESTED_QUESTIONS, { message: CONFERENCE_MESSAGES.suggestedQuestions })
  @IsString({ each: true, message: CONFERENCE_MESSAGES.suggestedQuestions })
  @Length(1, MAX_SUGGESTED_QUESTION, { each: true, message: CONFERENCE_MESSAGES.suggestedQuestions })
  suggestedQuestions?: string[];
}

/** GET /api/conference and the answer of PUT /api/admin/conference. */
export class ConferenceResponse {
  name: string;
  /** 'YYYY-MM-DD', Day 1 */
  startDate: string;
  /** 'YYYY-MM-DD' */
  endDate: string;
  venue: string;
  /** IANA time zone in which session times are given, such as 'Europe/Paris'. */
  timeZone: string;
  /** The header's name for the conference. */
  shortName: string;
  /** The program's languages, BCP-47 primary tags: ['en']. */
  languages: string[];
  /** The chat's suggested questions (0-6). */
  suggestedQuestions: string[];
}
