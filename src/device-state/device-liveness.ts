/**
 * When a device is `UP` (current_status): its last heartbeat is at most
 * HEARTBEAT_TIMEOUT_SECONDS old; `DOWN` otherwise, also when no heartbeat is known. The one place
 * of that rule, in both forms it is needed in: a test of one time in TypeScript
 * (current_status), and a condition over the heartbeat's `received_at` column in SQL (the
 * statuses filter and the up/down counts), so that the two can never disagree.
 *
 * Both compare the last heartbeat with one instant, `upSince`: UP ⇔ received_at ≥ upSince.
 */
export type DeviceStatus = 'UP' | 'DOWN';
export const DEVICE_STATUSES: readonly DeviceStatus[] = ['UP', 'DOWN'];

/** The oldest heartbeat that still counts as UP at `now`. */
export function upSince(now: Date, timeoutSeconds: number): Date {
  return new Date(now.getTime() - timeoutSeconds * 1000);
}

/** The status of a device whose last heartbeat was received at `lastSeen` (null: none). */
export function deviceStatus(lastSeen: Date | null, since: Date): DeviceStatus {
  return lastSeen !== null && lastSeen.getTime() >= since.getTime() ? 'UP' : 'DOWN';
}

/**
 * The SQL condition for `status` over a heartbeat's `received_at` column that may be NULL (a
 * LEFT JOIN of a device never heard from), with the `upSince` instant bound at `mark` (a
 * placeholder, used once).
 */
export function deviceStatusCondition(
  status: DeviceStatus,
  receivedAt: string,
  mark: string,
): string {
  return status === 'UP'
    ? `${receivedAt} >= ${mark}`
    : `(${receivedAt} IS NULL OR ${receivedAt} < ${mark})`;
}

/** `last_seen_time`: whole seconds since the Unix epoch, null when never seen. */
export function lastSeenTime(lastSeen: Date | null): number | null {
  return lastSeen === null ? null : Math.floor(lastSeen.getTime() / 1000);
}
