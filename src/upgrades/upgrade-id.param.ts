import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { upgradeNotFound } from './upgrades.errors';

/** Reads `:id` of the upgrade routes: an integer, optionally followed by `.json`. */
export function parseUpgradeId(value: unknown): number {
  const match = typeof value === 'string' ? /^(\d{1,10})(\.json)?$/.exec(value) : null;
  const id = match ? Number(match[1]) : 0;
  if (id < 1 || id > 2_147_483_647) {
    throw upgradeNotFound();
  }
  return id;
}

/**
 * The upgrade id of `/upgrades/:id` and `/upgrades/:id.json`. A parameter decorator rather than
 * a pipe: the global ValidationPipe would first turn "5.json" into NaN for a `number` parameter.
 * Anything that is not an id answers 404 `{message, status}` like a missing upgrade.
 */
export const UpgradeId = createParamDecorator((_data: unknown, ctx: ExecutionContext): number =>
  parseUpgradeId(ctx.switchToHttp().getRequest<{ params: Record<string, unknown> }>().params.id),
);
