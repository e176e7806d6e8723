import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const FIRST_NAME_REQUIRED_MESSAGE = 'Please enter your first name.';
/** One '@' with something on each side and no spaces (PRODUCT.md §5 asks for non-empty and an '@'). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

// Rules are listed most basic first: the global ValidationPipe reports the first one a field breaks.

/** PRODUCT.md §5: email non-empty and containing '@'; first name non-blank. */
export class LoginDto {
  @Transform(trim)
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @Matches(EMAIL_PATTERN, { message: INVALID_EMAIL_MESSAGE })
  @MaxLength(254, { message: INVALID_EMAIL_MESSAGE })
  email!: string;

  @Transform(trim)
  @IsString({ message: FIRST_NAME_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: FIRST_NAME_REQUIRED_MESSAGE })
  @MaxLength(100, { message: 'First name is too long (100 characters at most).' })
  firstName!: string;

  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Last name must be text.' })
  @MaxLength(100, { message: 'Last name is too long (100 characters at most).' })
  lastName?: string;

  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Company must be text.' })
  @MaxLength(200, { message: 'Company is too long (200 characters at most).' })
  company?: string;
}

export class SignInLinkDto {
  @Transform(trim)
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @Matches(EMAIL_PATTERN, { message: INVALID_EMAIL_MESSAGE })
  @MaxLength(254, { message: INVALID_EMAIL_MESSAGE })
  email!: string;
}
