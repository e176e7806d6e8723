import { BadRequestException } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

export const INVALID_REQUEST_MESSAGE = 'The request is not valid.';

/**
 * The message of the first rule a request breaks: the first invalid field (in the DTO's declaration
 * order) and, of its failed rules, the one declared first (topmost decorator). class-validator lists a
 * field's failed constraints bottom-up, so without this a missing field would report, say, its
 * maximum length instead of "Please enter your first name.".
 */
export function firstValidationMessage(errors: ValidationError[]): string | undefined {
  for (const error of errors) {
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) return messages[messages.length - 1];
    const nested = firstValidationMessage(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** `exceptionFactory` of the global ValidationPipe: 400 `{message}` with the rule's own words. */
export function validationExceptionFactory(errors: ValidationError[]): BadRequestException {
  return new BadRequestException(firstValidationMessage(errors) ?? INVALID_REQUEST_MESSAGE);
}
