import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { DAY_MS } from '../common/time-window/time-window';
import { Scheduler } from '../background/scheduler';
import { UnitOfWork } from '../database/unit-of-work';
import { DeviceSubjectsRepository, EventSubject } from '../devices/device-subjects.repository';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { EventsRepository, NewEvent } from '../event-log/events.repository';
import { DeviceTransitionsRepository } from './device-transitions.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { ClientStationsService } from './client-stations.service';

/**
 * The device transitions (device.up, device.down), recorded exactly once whatever the number of
 * instances: `device.up` from the heartbeat that makes a device UP (`up`, in that heartbeat's
 * transaction), `device.down` by the sweep that every instance runs each second (`sweep`). Both
 * are conditional updates of the heartbeat record's `up` state, so one writer wins each
 * transition and writes its event in the same transaction. The sweep reads only the index of UP
 * devices whose last heartbeat is older than the timeout; the steady-state check-in pays nothing.
 * Every instance also deletes, once an hour, the events older than EVENT_RETENTION_DAYS.
 */
@Injectable()
export class DeviceTransitionsService {
  constructor(
    private readonly states: DeviceTransitionsRepository,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly events: EventsRepository,
    private readonly changes: ChangeRunner,
    private readonly unitOfWork: UnitOfWork,
    private readonly stations: ClientStationsService,
    private readonly config: ConfigService,
    scheduler: Scheduler,
  ) {
    // Each second (SCHEDULE): device.down within 5 s of the timeout.
    scheduler.every('device transition sweep', () => this.sweep());
    scheduler.every('event retention', () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  /**
   * In the caller's transaction, with its heartbeat written: records the organisation's device
   * UP if it was recorded DOWN or never heard from, and returns its `device.up` (to record in
   * the same transaction); null when it was UP already (another heartbeat won). The device and
   * its network are read unless the caller knows them (`known`).
   */
  async up(
    orgId: number,
    deviceId: number,
    actor: EventActor,
    at: Date,
    known?: EventSubject,
  ): Promise<NewEvent | null> {
    const marked = await this.states.markUp(orgId, deviceId);
    if (!marked) {
      return null;
    }
    const subject = known ?? (await this.subjects.of(orgId, [deviceId])).get(deviceId);
    if (!subject) {
      return null;
    }
    const timeout = this.settings.heartbeatTimeoutSeconds * 1000;
    return {
      type: 'device.up',
      occurred_at: at,
      device: subject.device,
      network: subject.network,
      actor,
      data: {
        down_since:
          marked.silent_since === null
            ? null
            : new Date(marked.silent_since.getTime() + timeout).toISOString(),
      },
    };
  }

  /**
   * In the caller's transaction: records a configuration report of the device that differs from
   * the recorded one and returns its events: `device.config_applied` for a new
   * revision it runs (`in_sync`: it is the current one), `device.config_failed` for a new error
   * about its current revision. A report that repeats the recorded one records nothing.
   */
  async configReported(
    orgId: number,
    subject: EventSubject,
    report: { applied?: string; error?: { revision: string; message: string } },
    current: string,
    at: Date,
  ): Promise<NewEvent[]> {
    const events: NewEvent[] = [];
    const by = { actor: { type: 'device' as const }, at };
    const id = subject.device.id;
    if (
      report.applied !== undefined &&
      (await this.states.recordAppliedRevision(orgId, id, report.applied))
    ) {
      events.push(
        eventOf(
          'device.config_applied',
          subject,
          { revision: report.applied, in_sync: report.applied === current },
          by,
        ),
      );
    }
    if (
      report.error !== undefined &&
      (await this.states.recordConfigError(orgId, id, report.error))
    ) {
      events.push(eventOf('device.config_failed', subject, { ...report.error }, by));
    }
    return events;
  }

  /**
   * One pass: records DOWN, with their `device.down`, the devices recorded UP whose last
   * heartbeat is older than HEARTBEAT_TIMEOUT_SECONDS, in one transaction with the end of their
   * clients' sessions; `occurred_at` is the moment each passed the timeout. Returns how many it recorded.
   */
  async sweep(now = new Date()): Promise<number> {
    const timeout = this.settings.heartbeatTimeoutSeconds * 1000;
    return this.unitOfWork.run(async () => {
      const down = await this.states.sweepDown(new Date(now.getTime() - timeout));
      const byOrganisation = new Map<number, typeof down>();
      for (const row of down) {
        byOrganisation.set(row.organisation_id, [
          ...(byOrganisation.get(row.organisation_id) ?? []),
          row,
        ]);
      }
      // Organisations in id order: the event-order locks are always taken in one order.
      for (const orgId of [...byOrganisation.keys()].sort((a, b) => a - b)) {
        const rows = byOrganisation.get(orgId)!;
        const subjects = await this.subjects.of(
          orgId,
          rows.map((row) => row.device_id),
        );
        const events: NewEvent[] = rows.flatMap((row) => {
          const subject = subjects.get(row.device_id);
          return subject
            ? [
                {
                  type: 'device.down' as const,
                  occurred_at: new Date(row.received_at.getTime() + timeout),
                  device: subject.device,
                  network: subject.network,
                  actor: { type: 'system' as const },
                  data: { last_seen_time: Math.floor(row.received_at.getTime() / 1000) },
                },
              ]
            : [];
        });
        // Their clients' sessions end at their last heartbeat, in the change of their device.down.
        await this.stations.endOnDevices(
          orgId,
          rows.map((row) => row.device_id),
          null,
        );
        await this.changes.record(orgId, events);
      }
      return down.length;
    });
  }

  /** Deletes the events older than EVENT_RETENTION_DAYS. */
  private async retain(): Promise<void> {
    const days = this.settings.eventRetentionDays;
    await this.events.deleteOlderThan(new Date(Date.now() - days * DAY_MS));
  }
}
