import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt } from 'class-validator';

/** The largest integer a 32-bit column holds: the bound of every stored id and count. */
export const MAX_INT32 = 2_147_483_647;

/** Ids are 32-bit integers in both databases: 1 to 2147483647. */
export const MAX_ID = MAX_INT32;

/**
 * Whether `value` is an integer a 32-bit column stores, at least `min` (0 for a count). The one
 * check of an integer a service validates itself before it reaches the database, where
 * PostgreSQL refuses a larger one with an error and SQLite would store it.
 */
export function isInt32(value: unknown, min = -MAX_INT32 - 1): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= MAX_INT32;
}

/**
 * Whether an integer sent as an id can name a record (1..MAX_ID). One outside the range is
 * answered as an id that matches nothing, and is never sent to the database.
 */
export const isIdInRange = (id: number): boolean => isInt32(id, 1);

/**
 * What an integer id outside 1..MAX_ID becomes. No row has it (every id column counts from 1),
 * so the lookup that follows finds nothing and the operation answers its own not-found error,
 * exactly as for an id that matches no record. Negative rather than 0, so that no `if (!id)`
 * can mistake it for an id that was not given; it fits a 32-bit column, so no database error.
 */
export const UNMATCHED_ID = -1;

/** A decimal number as text: `12`, ` 12 `, `1e21`, `12.0`, `-3`. */
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads an id sent as an integer or a numeric string. Answers the id when it
 * is in 1..MAX_ID, UNMATCHED_ID for any other integer (`0`, `-5`, `2147483648`, `2^63`, `1e21`,
 * `1e400`), and undefined when the value is not an integer at all (a wrong type).
 */
export function readId(value: unknown): number | undefined {
  let number: number;
  if (typeof value === 'number') {
    number = value;
  } else if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) {
    number = Number(value.trim());
  } else {
    return undefined;
  }
  if (Number.isNaN(number)) {
    return undefined;
  }
  if (!Number.isFinite(number)) {
    return UNMATCHED_ID; // JSON 1e400 and "1" followed by 400 zeros: integers, far out of range
  }
  if (!Number.isInteger(number)) {
    return undefined;
  }
  return number >= 1 && number <= MAX_ID ? number : UNMATCHED_ID;
}

/**
 * The one rule for an id field of a DTO (path, query or body): accepts an integer or a numeric
 * string, maps an integer outside 1..MAX_ID to UNMATCHED_ID (answered as not found), and fails
 * validation with "<field> must be an integer number" for anything else. Combine with
 * `@IsOptional()` when the id may be left out.
 */
export function IsId(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      value === null || value === undefined ? value : (readId(value) ?? value),
    ),
    IsInt(),
  );
}
