import { StatusMessageError } from '../../common/errors';

/** The `:id` of an upgrade page: a positive 32-bit integer, else the page answers 404. */
export function pageUpgradeId(value: string | undefined): number {
  const id = /^\d{1,10}$/.test(value ?? '') ? Number(value) : 0;
  if (id < 1 || id > 2_147_483_647) {
    throw new StatusMessageError(404, 'Upgrade not found');
  }
  return id;
}
