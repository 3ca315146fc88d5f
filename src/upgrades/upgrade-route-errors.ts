import { StatusMessageError } from '../common/errors';

/** Where the upgrade routes live (UpgradesController), whose errors have a shape of their own. */
export const UPGRADE_ROUTES = '/upgrades';

/** Whether a request path is one of the upgrade routes'. */
export function isUpgradeRoute(url: string): boolean {
  return url === UPGRADE_ROUTES || url.startsWith(`${UPGRADE_ROUTES}/`);
}

/**
 * A refusal in the upgrade routes' error shape (`{message, status}`), for the errors
 * the HTTP server raises before any route runs (app.http.ts) as for the routes' own.
 */
export const upgradeRouteRefusal = (status: number, message: string) =>
  new StatusMessageError(status, message);
