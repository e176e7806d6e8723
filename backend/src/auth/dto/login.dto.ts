import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** SPEC §5: email non-empty and containing '@'; first name non-blank. */
export class LoginDto {
  @Transform(trim)
  @IsString({ message: 'Please enter a valid email address.' })
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'Please enter a valid email address.' })
  @MaxLength(254, { message: 'Please enter a valid email address.' })
  email!: string;

  @Transform(trim)
  @IsString({ message: 'Please enter your first name.' })
  @IsNotEmpty({ message: 'Please enter your first name.' })
  @MaxLength(100, { message: 'First name is too long (100 characters at most).' })
  firstName!: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Last name is too long (100 characters at most).' })
  lastName?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Company is too long (200 characters at most).' })
  company?: string;
}

export class SignInLinkDto {
  @Transform(trim)
  @IsString({ message: 'Please enter a valid email address.' })
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'Please enter a valid email address.' })
  email!: string;
}
