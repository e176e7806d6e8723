import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { cleanDeep } from '../database/text-sanitize';

/**
 * Global pipe, before validation: every string of a request body, query string and route parameter
 * goes through `cleanDeep` (NUL and other bytes PostgreSQL cannot store removed), so no entry point
 * hands such text to the database.
 */
@Injectable()
export class CleanTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    return cleanDeep(value);
  }
}
