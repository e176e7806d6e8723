import { Transform } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidationOptions,
} from 'class-validator';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_LIST_ITEM_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_TITLE_LENGTH,
  MESSAGES,
  normalizeClock,
  normalizeDay,
  normalizeFormat,
  optionalText,
  parseSessionDate,
  SESSION_FORMATS,
  sessionDateInRange,
  SessionFormat,
  toStringList,
} from '../session-input';

const CLOCK = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

/** A valid session date (see parseSessionDate): ISO 8601 with or without offset. */
function IsSessionDate(options: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isSessionDate',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => parseSessionDate(value) !== 'invalid' },
    });
}

/** A session date within MIN_SESSION_YEAR..MAX_SESSION_YEAR (an unreadable one is IsSessionDate's to report). */
function IsSessionDateInRange(options: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isSessionDateInRange',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => sessionDateInRange(value) },
    });
}

/** Keeps the raw value when a normalizer rejects it, so the validators below report it. */
const normalized = (fn: (v: unknown) => unknown) =>
  Transform(({ value }) => {
    const out = fn(value);
    return out === undefined ? value : out;
  });

/**
 * Body of POST /api/admin/session and PUT /api/admin/session/:id (PRODUCT.md §5 session form).
 * On PUT a field left out keeps its stored value; null or '' clears an optional one.
 */
export class SessionInputDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: MESSAGES.titleRequired })
  @IsNotEmpty({ message: MESSAGES.titleRequired })
  @MaxLength(MAX_TITLE_LENGTH, { message: MESSAGES.titleTooLong })
  title!: string;

  @IsOptional()
  @normalized(toStringList)
  @IsArray({ message: MESSAGES.speakers })
  @IsString({ each: true, message: MESSAGES.speakers })
  @MaxLength(MAX_LIST_ITEM_LENGTH, { each: true, message: MESSAGES.speakerTooLong })
  speakers?: string[];

  @IsOptional()
  @normalized(toStringList)
  @IsArray({ message: MESSAGES.tags })
  @IsString({ each: true, message: MESSAGES.tags })
  @MaxLength(MAX_LIST_ITEM_LENGTH, { each: true, message: MESSAGES.tagTooLong })
  tags?: string[];

  /** ISO 8601; without an offset it is conference time (the conference settings' time zone). null or '' = not scheduled. */
  @IsOptional()
  @IsSessionDate({ message: MESSAGES.date })
  @IsSessionDateInRange({ message: MESSAGES.dateRange })
  date?: string | null;

  /** One of SESSION_FORMATS, matched by keyword ('Fireside Chat' → fireside); '' or null = panel. */
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === null ? undefined : (normalizeFormat(value) ?? value)))
  @IsIn(SESSION_FORMATS, { message: MESSAGES.format })
  format?: SessionFormat;

  @IsOptional()
  @normalized(normalizeDay)
  @IsInt({ message: MESSAGES.day })
  @Min(1, { message: MESSAGES.day })
  @Max(366, { message: MESSAGES.day })
  day?: number | null;

  @IsOptional()
  @normalized(normalizeClock)
  @Matches(CLOCK, { message: MESSAGES.startTime })
  startTime?: string | null;

  @IsOptional()
  @normalized(normalizeClock)
  @Matches(CLOCK, { message: MESSAGES.endTime })
  endTime?: string | null;

  @IsOptional()
  @normalized(optionalText)
  @IsString({ message: MESSAGES.location })
  @MaxLength(MAX_LOCATION_LENGTH, { message: MESSAGES.locationTooLong })
  location?: string | null;

  /** The abstract, plain text, at most 10,000 characters; null or '' clears it. */
  @IsOptional()
  @normalized(optionalText)
  @IsString({ message: MESSAGES.description })
  @MaxLength(MAX_DESCRIPTION_LENGTH, { message: MESSAGES.descriptionTooLong })
  description?: string | null;
}

/** Query of GET /api/sessions. */
export class SessionListQueryDto {
  @IsOptional()
  @IsString()
  includeAll?: string;

  @IsOptional()
  @IsString()
  admin?: string;
}

/** Query of GET /api/sessions/calendar.ics: `ids=a,b,c` (at most 50). */
export class CalendarQueryDto {
  @IsOptional()
  @IsString({ message: 'ids must list 1 to 50 session ids separated by commas.' })
  ids?: string;
}
