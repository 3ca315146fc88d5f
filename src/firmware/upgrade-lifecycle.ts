import { Upgrade, UpgradeStatus } from './upgrade.entity';

/** What a device may report about an upgrade it was handed. */
export const REPORT_STATES = ['downloading', 'installing', 'done', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export interface UpgradeReport {
  id: number;
  state: ReportState;
  progress?: number;
  error?: string;
}

/** The statuses a report can still change. */
export const OPEN_STATUSES: readonly UpgradeStatus[] = ['pending', 'in_progress'];

/** What a report writes: the new status, and the progress, error and completion it carries. */
export interface ReportChange {
  status: Extract<UpgradeStatus, 'in_progress' | 'done' | 'failed'>;
  /** undefined keeps the stored progress. */
  progress: number | undefined;
  /** Set on failure (the device's message, or null); undefined keeps the stored one. */
  error: string | null | undefined;
  /** done and failed set completed_at. */
  completes: boolean;
}

/**
 * `downloading` or `installing` → in_progress; `done` → done (progress 100 unless
 * the report says otherwise); `failed` → failed with the device's error.
 */
export function reportChange(report: UpgradeReport): ReportChange {
  switch (report.state) {
    case 'downloading':
    case 'installing':
      return {
        status: 'in_progress',
        progress: report.progress,
        error: undefined,
        completes: false,
      };
    case 'done':
      return {
        status: 'done',
        progress: report.progress ?? 100,
        error: undefined,
        completes: true,
      };
    case 'failed':
      return {
        status: 'failed',
        progress: report.progress,
        error: report.error ?? null,
        completes: true,
      };
  }
}

/**
 * The event a report that changed an upgrade records: `upgrade.started` when it
 * leaves pending for in progress, `upgrade.done` or `upgrade.failed` when it closes; none for a
 * report of progress on an upgrade already in progress.
 */
export function reportEventType(
  from: UpgradeStatus,
  to: ReportChange['status'],
): 'upgrade.started' | 'upgrade.done' | 'upgrade.failed' | null {
  if (to === 'done') {
    return 'upgrade.done';
  }
  if (to === 'failed') {
    return 'upgrade.failed';
  }
  return from === 'pending' ? 'upgrade.started' : null;
}

/** The error of an upgrade whose device stopped checking in. */
export const TIMED_OUT = 'timed out';

/**
 * An in-progress upgrade times out when its device has not checked in for the timeout; it
 * counts from the last check-in seen while it was in progress (the update time for a row that
 * predates that bookkeeping).
 */
export function hasTimedOut(
  upgrade: Pick<Upgrade, 'status' | 'device_seen_at' | 'updated_at'>,
  now: Date,
  timeoutSeconds: number,
): boolean {
  const seen = upgrade.device_seen_at ?? upgrade.updated_at;
  return upgrade.status === 'in_progress' && now.getTime() - seen.getTime() > timeoutSeconds * 1000;
}

/**
 * A pending upgrade is due when its stage is open (always, outside a rollout) and
 * its schedule is `now`, or `later` with `schedule_at` passed.
 */
export function isDue(
  upgrade: Pick<Upgrade, 'status' | 'schedule_type' | 'schedule_at'>,
  now: Date,
  stageOpen = true,
): boolean {
  if (upgrade.status !== 'pending' || !stageOpen) {
    return false;
  }
  if (upgrade.schedule_type !== 'later') {
    return true;
  }
  return upgrade.schedule_at !== null && upgrade.schedule_at.getTime() <= now.getTime();
}

/**
 * The upgrade a check-in hands out: the one in progress (a device that restarted
 * mid-upgrade resumes it), else the due pending one (its rollout stage open), else none.
 */
export function upgradeToHandOut<
  T extends Pick<Upgrade, 'status' | 'schedule_type' | 'schedule_at'>,
>(upgrades: T[], now: Date, stageOpen: (upgrade: T) => boolean = () => true): T | null {
  return (
    upgrades.find((upgrade) => upgrade.status === 'in_progress') ??
    upgrades.find((upgrade) => isDue(upgrade, now, stageOpen(upgrade))) ??
    null
  );
}
