const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** One periodic job of every instance: how often it runs, and what it does. */
export interface ScheduledJob {
  /** Milliseconds between the starts of two passes (a pass still running skips the next). */
  everyMs: number;
  /** The first pass, after start-up; `everyMs` when not said. */
  firstAfterMs?: number;
  /** What a pass does, and who registers it (`Scheduler.every(name, run)`). */
  runs: string;
}

/**
 * Every periodic job that every instance runs, in one table: the only place an interval is
 * written. A job's pass is registered by its owner with `Scheduler.every(name, run)`, once, under
 * a name of this table. What each pass changes is decided in the database (conditional updates,
 * unique keys, row locks skipped when held, leases), so any number of instances may run it.
 *
 * A new job: a row here, and `scheduler.every('its name', () => this.itsPass())` in the
 * constructor of the service that owns the work.
 */
export const SCHEDULE = {
  'device transition sweep': {
    everyMs: SECOND,
    runs: 'device.down of the devices past the heartbeat timeout (DeviceTransitionsService.sweep)',
  },
  'upgrade timeouts': {
    everyMs: SECOND,
    runs: 'upgrade.failed of the upgrades in progress past the timeout (UpgradeTimeouts.sweep)',
  },
  'config rollouts': {
    everyMs: SECOND,
    runs: 'the running configuration rollouts: outcomes, halts, stages, completion (ConfigRolloutSweep.sweep)',
  },
  'rollout stages': {
    everyMs: SECOND,
    runs: 'rollout.stage_opened of the stages whose soak time has passed (RolloutStages.sweep)',
  },
  'event retention': {
    everyMs: HOUR,
    firstAfterMs: SECOND,
    runs: 'deletes the events older than EVENT_RETENTION_DAYS (DeviceTransitionsService.retain)',
  },
  'client session retention': {
    everyMs: MINUTE,
    firstAfterMs: SECOND,
    runs: 'deletes, in bounded batches, the client sessions ended before CLIENT_RETENTION_DAYS (ClientStationsService.retain)',
  },
  'fleet history sample': {
    everyMs: SECOND,
    runs: "the interval's fleet samples, unless taken; their retention (FleetHistoryService.sample)",
  },
  'command expiry': {
    everyMs: SECOND,
    runs: 'command.expired of the open commands past expires_at (CommandExpiry.sweep)',
  },
  'alert evaluation': {
    everyMs: SECOND,
    runs: "each organisation's alert openings and resolutions (AlertEvaluator.pass)",
  },
  'alert retention': {
    everyMs: HOUR,
    firstAfterMs: SECOND,
    runs: 'deletes the alerts resolved before EVENT_RETENTION_DAYS (AlertEvaluator.retain)',
  },
  'webhook deliveries': {
    everyMs: 200,
    runs: "claims webhooks with due deliveries and refills those held (the deliveries' LeaseQueue)",
  },
  'webhook test deliveries retention': {
    everyMs: MINUTE,
    runs: 'deletes the test deliveries older than EVENT_RETENTION_DAYS (WebhookDeliveries.retain)',
  },
  'e-mails': {
    everyMs: SECOND,
    runs: "claims due e-mails (alerts, invitations), with SMTP_URL set (the outbox's LeaseQueue)",
  },
  'e-mail retention': {
    everyMs: HOUR,
    runs: 'deletes the sent, failed and dropped e-mails older than EVENT_RETENTION_DAYS (MailSender)',
  },
  'queue leases retention': {
    everyMs: HOUR,
    runs: 'deletes the queue leases that ended a day ago (QueueLeasesRepository.forgetEnded)',
  },
} as const satisfies Record<string, ScheduledJob>;

/** The name of a job of SCHEDULE. */
export type JobName = keyof typeof SCHEDULE;
