import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const BLANK_QUERY_MESSAGE = 'Please enter a search query.';
const UUID_LIST =
  /^\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\s*(,\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\s*)*)?$/i;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** `?sessionIds=a,b` or `?sessionIds=a&sessionIds=b` → 'a,b'. */
const joinList = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.join(',') : value);

/** GET /api/search?q=…&sessionIds=a,b */
export class SearchQueryDto {
  @Transform(trim)
  @IsString({ message: BLANK_QUERY_MESSAGE })
  @Matches(/\S/, { message: BLANK_QUERY_MESSAGE })
  @MaxLength(500, { message: 'The search query is too long (500 characters at most).' })
  q!: string;

  @IsOptional()
  @Transform(joinList)
  @IsString({ message: 'Session ids must be a comma-separated list of session ids.' })
  @Matches(UUID_LIST, { message: 'Session ids must be a comma-separated list of session ids.' })
  sessionIds?: string;
}
