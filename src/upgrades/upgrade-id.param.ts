import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { readId } from '../common/ids/id';
import { invalidUpgrade } from './upgrades.errors';

/**
 * Reads `:id` of the upgrade routes: an integer, optionally followed by `.json`. An integer
 * outside 1..2147483647 reads as UNMATCHED_ID (answered 404 like a missing upgrade); anything
 * else is a wrong type, 422 `{message, status}` like the routes' other validation failures.
 */
export function parseUpgradeId(value: unknown): number {
  const text = typeof value === 'string' ? value.replace(/\.json$/, '') : value;
  const id = readId(text);
  if (id === undefined) {
    throw invalidUpgrade(['id must be an integer number']);
  }
  return id;
}

/**
 * The upgrade id of `/upgrades/:id` and `/upgrades/:id.json`. A parameter decorator rather than
 * a pipe: the global ValidationPipe would first turn "5.json" into NaN for a `number` parameter.
 */
export const UpgradeId = createParamDecorator((_data: unknown, ctx: ExecutionContext): number =>
  parseUpgradeId(ctx.switchToHttp().getRequest<{ params: Record<string, unknown> }>().params.id),
);
