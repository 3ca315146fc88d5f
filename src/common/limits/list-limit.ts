import { ValidateBy, ValidationError } from 'class-validator';
import { ApiErrorCode } from '../errors/api-error-code';
import { CodedError } from '../errors/domain-error';

/**
 * The most entries one bulk request may carry: MACs, device lists, master
 * inventory entries, upgrade targets. Every bulk statement is sized so that this many work
 * on both databases (see src/database/bind-parameters.ts).
 */
export const MAX_LIST_ENTRIES = 10_000;

/** The class-validator constraint name of @MaxListEntries. */
export const LIST_LIMIT_CONSTRAINT = 'maxListEntries';

export const listLimitMessage = (field: string) =>
  `${field} takes at most ${MAX_LIST_ENTRIES} entries`;

/**
 * A list longer than MAX_LIST_ENTRIES: 422 `{msg, error_code: 1030, errors}` naming the limit.
 * Not a ValidationFailedError on purpose: it keeps code 1030 on operations whose other
 * validation failures answer their own code (@OnInvalid).
 */
export class ListTooLongError extends CodedError {
  constructor(readonly field: string) {
    super(ApiErrorCode.InvalidParameter, listLimitMessage(field), {
      errors: listLimitMessage(field),
    });
  }
}

/** Entries of a list: an array's length, or the non-empty items of a comma-separated string. */
export function listEntryCount(value: unknown): number {
  if (Array.isArray(value)) {
    return value.length;
  }
  if (typeof value === 'string') {
    let count = 0;
    for (const part of value.split(',')) {
      if (part.trim() !== '') {
        count += 1;
      }
    }
    return count;
  }
  return 0;
}

/**
 * The one list-size rule for a DTO field holding an array or a comma-separated list. The
 * global validation pipe turns its failure into ListTooLongError (see createValidationPipe).
 */
export function MaxListEntries(): PropertyDecorator {
  return ValidateBy({
    name: LIST_LIMIT_CONSTRAINT,
    validator: {
      validate: (value: unknown) => listEntryCount(value) <= MAX_LIST_ENTRIES,
      defaultMessage: (args) => listLimitMessage(args?.property ?? 'list'),
    },
  });
}

/** The path of the first field that broke @MaxListEntries, if any. */
export function listLimitViolation(errors: ValidationError[], parent = ''): string | undefined {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints?.[LIST_LIMIT_CONSTRAINT]) {
      return path;
    }
    const nested = listLimitViolation(error.children ?? [], path);
    if (nested !== undefined) {
      return nested;
    }
  }
  return undefined;
}
