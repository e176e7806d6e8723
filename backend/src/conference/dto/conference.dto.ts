import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { CONFERENCE_MESSAGES, MAX_CONFERENCE_NAME } from '../conference-settings';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

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

  /** IANA name, 'America/Denver'. */
  @IsOptional()
  @trimmed()
  @IsString({ message: CONFERENCE_MESSAGES.timeZone })
  timeZone?: string;
}

/** GET /api/conference and the answer of PUT /api/admin/conference. */
export class ConferenceResponse {
  name: string;
  /** 'YYYY-MM-DD', Day 1 */
  startDate: string;
  /** 'YYYY-MM-DD' */
  endDate: string;
  venue: string;
  /** IANA time zone in which session times are given, 'America/Denver'. */
  timeZone: string;
}
