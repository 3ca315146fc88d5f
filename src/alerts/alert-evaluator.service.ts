import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DAY_MS } from '../common/time-window/time-window';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { Scheduler } from '../background/scheduler';
import { UnitOfWork } from '../database/unit-of-work';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { EventsRepository } from '../event-log/events.repository';
import { Alert } from './alert.entity';
import {
  configStateResolutions,
  eventDecisions,
  Opening,
  SeenEvent,
  seenEvent,
  WATCHED_EVENT_TYPES,
} from './alert-decisions';
import { AlertEvents } from './alert-events';
import { AlertNotifier, AlertTransition } from './alert-notifier';
import { AlertRule } from './alert-rule.entity';
import { AlertRulesRepository } from './alert-rules.repository';
import { AlertConditionsRepository } from '../read-side/alert-conditions.repository';
import { AlertWatchesRepository } from './alert-watches.repository';
import { AlertsRepository } from './alerts.repository';
import { ConfigAlertStates } from './config-alert-states';

/** Events read per organisation and pass (a backlog is read over the next passes). */
const EVENTS_PER_PASS = 1000;

/**
 * Opens and resolves alerts. Each second every instance visits the organisations
 * that have rules; for each it takes the organisation's cursor row, skipping it when another
 * instance holds it, and in that one transaction reads the events since the cursor (the
 * event-driven types and resolutions: alert-decisions.ts), looks at the devices' recorded state
 * (device_down after for_seconds DOWN, clients_above, config_failed resolved by the device's
 * configuration sync), writes the alerts with their events and e-mails, and moves the cursor.
 * Every transition of an organisation happens under its cursor row, so each happens once however
 * many instances run.
 */
@Injectable()
export class AlertEvaluator {
  constructor(
    private readonly rules: AlertRulesRepository,
    private readonly alerts: AlertsRepository,
    private readonly conditions: AlertConditionsRepository,
    private readonly watches: AlertWatchesRepository,
    private readonly events: EventsRepository,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly configStates: ConfigAlertStates,
    private readonly alertEvents: AlertEvents,
    private readonly notifier: AlertNotifier,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: ConfigService,
    scheduler: Scheduler,
  ) {
    // Each second (SCHEDULE): transitions at most 5 s after their condition holds.
    scheduler.every('alert evaluation', () => this.pass());
    scheduler.every('alert retention', () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  /** One pass over every organisation with rules. */
  async pass(now = new Date()): Promise<void> {
    for (const orgId of await this.unitOfWork.run(() => this.rules.organisations())) {
      await this.evaluate(orgId, now);
    }
  }

  /** Deletes the alerts resolved before EVENT_RETENTION_DAYS. */
  async retain(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - this.settings.eventRetentionDays * DAY_MS);
    await this.unitOfWork.run(() => this.alerts.deleteResolvedBefore(cutoff));
  }

  /** Evaluates one organisation, unless another instance is doing so. */
  evaluate(orgId: number, now = new Date()): Promise<void> {
    return this.unitOfWork.run(async () => {
      const cursor = await this.alerts.tryLockCursor(orgId);
      if (!cursor) {
        return;
      }
      const rules = await this.rules.list(orgId);
      const last = await this.events.lastId(orgId);
      const seen =
        last > cursor.last_event_id
          ? await this.events.list(orgId, {
              after: cursor.last_event_id,
              upTo: last,
              types: WATCHED_EVENT_TYPES,
              limit: EVENTS_PER_PASS,
            })
          : [];
      const transitions = [
        ...(await this.fromEvents(orgId, rules, seen.map(seenEvent))),
        ...(await this.fromState(orgId, rules, now)),
      ];
      await this.record(orgId, transitions);
      const upTo = seen.length === EVENTS_PER_PASS ? Number(seen[seen.length - 1].id) : last;
      if (upTo !== cursor.last_event_id) {
        await this.alerts.moveCursor(orgId, upTo);
      }
    });
  }

  /** The events' alerts and those they resolve. */
  private async fromEvents(
    orgId: number,
    rules: AlertRule[],
    events: SeenEvent[],
  ): Promise<AlertTransition[]> {
    if (events.length === 0 || rules.length === 0) {
      return [];
    }
    const deviceIds = [...new Set(events.flatMap((e) => (e.device ? [e.device.id] : [])))];
    const networkIds = [...new Set(events.flatMap((e) => (e.network ? [e.network.id] : [])))];
    const open = new Map<number, Alert>();
    for (const alert of [
      ...(await this.alerts.openOf(orgId, { deviceIds })),
      ...(await this.alerts.openInNetworks(orgId, networkIds)),
    ]) {
      open.set(alert.id, alert);
    }
    const halted = events
      .filter((e) => e.type === 'rollout.halted')
      .map((e) => Number(e.data.rollout_id));
    const decisions = eventDecisions(
      rules,
      events,
      [...open.values()],
      await this.conditions.rolloutNetworks(orgId, halted),
    );
    const byRule = new Map(rules.map((rule) => [rule.id, rule]));
    const transitions = await this.resolve(orgId, decisions.resolve, byRule);
    transitions.push(...(await this.open(orgId, decisions.open, byRule)));
    return transitions;
  }

  /** device_down, clients_above and config_failed resolutions from the devices' recorded state. */
  private async fromState(
    orgId: number,
    rules: AlertRule[],
    now: Date,
  ): Promise<AlertTransition[]> {
    const byRule = new Map(rules.map((rule) => [rule.id, rule]));
    const timeoutMs = this.settings.heartbeatTimeoutSeconds * 1000;
    const openings: Opening[] = [];
    const subjects: {
      rule: AlertRule;
      deviceId: number;
      at: Date;
      data: Record<string, unknown>;
    }[] = [];
    for (const rule of rules.filter((r) => r.enabled)) {
      const waitMs = rule.for_seconds * 1000;
      if (rule.type === 'device_down') {
        const cutoff = new Date(now.getTime() - timeoutMs - waitMs);
        for (const row of await this.conditions.downSince(
          orgId,
          rule.id,
          rule.network_ids,
          cutoff,
        )) {
          const downAt = new Date(row.at.getTime() + timeoutMs);
          subjects.push({
            rule,
            deviceId: row.device_id,
            at: new Date(downAt.getTime() + waitMs),
            data: { down_since: downAt.toISOString() },
          });
        }
      } else if (rule.type === 'clients_above') {
        const above = await this.conditions.clientsAbove(
          orgId,
          rule.id,
          rule.network_ids,
          rule.threshold ?? 0,
        );
        const watching = new Map(
          (await this.watches.watchesOf(orgId, rule.id)).map((w) => [w.device_id, w]),
        );
        const ready = above.filter((row) => {
          const since = watching.get(row.device_id)?.since;
          return waitMs === 0 || (since !== undefined && since.getTime() + waitMs <= now.getTime());
        });
        for (const row of ready) {
          const since = watching.get(row.device_id)?.since;
          subjects.push({
            rule,
            deviceId: row.device_id,
            at: since ? new Date(since.getTime() + waitMs) : row.at,
            data: { clients: row.clients },
          });
        }
        const aboveIds = new Set(above.map((row) => row.device_id));
        const readyIds = new Set(ready.map((row) => row.device_id));
        await this.watches.unwatch(
          orgId,
          rule.id,
          [...watching.keys()].filter((id) => !aboveIds.has(id) || readyIds.has(id)),
        );
        if (waitMs > 0) {
          await this.watches.watch(
            orgId,
            rule.id,
            [...aboveIds].filter((id) => !watching.has(id)),
            now,
          );
        }
      }
    }
    const named = await this.subjects.of(orgId, [...new Set(subjects.map((s) => s.deviceId))]);
    for (const { rule, deviceId, at, data } of subjects) {
      const subject = named.get(deviceId);
      if (subject) {
        openings.push({
          rule,
          subject_id: deviceId,
          device: subject.device,
          network: subject.network,
          opened_at: at,
          resolved_at: null,
          data,
        });
      }
    }
    const ended = (await this.conditions.clientsFallen(orgId)).map((row) => ({
      id: row.alertId,
      at: row.up && row.checkedInAt ? row.checkedInAt : now,
    }));
    ended.push(...configStateResolutions(await this.configStates.of(orgId), now));
    const transitions = await this.resolve(orgId, ended, byRule);
    transitions.push(...(await this.open(orgId, openings, byRule)));
    return transitions;
  }

  /** Resolves these open alerts, one statement pair per distinct time rather than per alert. */
  private async resolve(
    orgId: number,
    resolutions: { id: number; at: Date }[],
    byRule: Map<number, AlertRule>,
  ): Promise<AlertTransition[]> {
    const byTime = new Map<number, number[]>();
    for (const { id, at } of resolutions) {
      byTime.set(at.getTime(), [...(byTime.get(at.getTime()) ?? []), id]);
    }
    const transitions: AlertTransition[] = [];
    for (const [time, ids] of byTime) {
      for (const alert of await this.alerts.resolve(orgId, ids, new Date(time))) {
        transitions.push({ alert, rule: byRule.get(alert.alert_rule_id)!, kind: 'resolved' });
      }
    }
    return transitions;
  }

  /** Writes the openings (and the resolutions of those resolved at once). */
  private async open(
    orgId: number,
    openings: Opening[],
    byRule: Map<number, AlertRule>,
  ): Promise<AlertTransition[]> {
    const saved = await this.alerts.insert(
      orgId,
      openings.map((o) => ({
        alert_rule_id: o.rule.id,
        type: o.rule.type,
        state: o.resolved_at ? 'resolved' : 'open',
        subject_id: o.subject_id,
        device_id: o.device?.id ?? null,
        device_mac: o.device?.mac_id ?? null,
        device_name: o.device?.name ?? null,
        network_id: o.network?.id ?? null,
        network_name: o.network?.network_name ?? null,
        opened_at: o.opened_at,
        resolved_at: o.resolved_at,
        data: o.data,
      })),
    );
    return saved.flatMap((alert): AlertTransition[] => {
      const rule = byRule.get(alert.alert_rule_id)!;
      return alert.resolved_at
        ? [
            { alert, rule, kind: 'opened' },
            { alert, rule, kind: 'resolved' },
          ]
        : [{ alert, rule, kind: 'opened' }];
    });
  }

  /** The transitions' events, then their notifications, in the evaluation's transaction. */
  async record(orgId: number, transitions: AlertTransition[]): Promise<void> {
    if (transitions.length > 0) {
      await this.alertEvents.transitions(orgId, transitions);
      await this.notifier.notify(orgId, transitions);
    }
  }
}
