import { IsOptional, IsString } from 'class-validator';

/** The text fields of the multipart upload (the file itself arrives through UploadInterceptor). */
export class UploadDto {
  @IsOptional()
  @IsString()
  sessionId?: string;

  @IsOptional()
  @IsString()
  kind?: string;
}
