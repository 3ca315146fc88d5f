import { applyDecorators } from '@nestjs/common';
import { IsISO8601, IsOptional } from 'class-validator';

/** A day in milliseconds. */
export const DAY_MS = 24 * 3600 * 1000;

/** A `since` or `until` of a query: an instant in ISO 8601 (with its time zone), or left out. */
export const OptionalInstant = () => applyDecorators(IsOptional(), IsISO8601({ strict: true }));

/** What a `since`/`until` pair of query parameters breaks: a reversed window. */
export function reversedWindow(since: Date | undefined, until: Date | undefined): string[] {
  return since && until && since.getTime() > until.getTime()
    ? ['since must not be after until']
    : [];
}

/**
 * The window `since`/`until` (ISO 8601, already validated) ask for: `until` defaults to now and
 * `since` to 24 hours before it. The problems name a reversed window and,
 * with `maxDays`, a longer one.
 */
export function timeWindow(
  query: { since?: string; until?: string },
  maxDays?: number,
  now = new Date(),
): { since: Date; until: Date; problems: string[] } {
  const until = query.until === undefined ? now : new Date(query.until);
  const since =
    query.since === undefined ? new Date(until.getTime() - DAY_MS) : new Date(query.since);
  const problems = reversedWindow(since, until);
  if (
    problems.length === 0 &&
    maxDays !== undefined &&
    until.getTime() - since.getTime() > maxDays * DAY_MS
  ) {
    problems.push(`since and until must be at most ${maxDays} days apart`);
  }
  return { since, until, problems };
}
