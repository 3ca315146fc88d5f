import { Injectable } from '@nestjs/common';
import { changesOf } from '../event-log/changes';
import { SYSTEM } from '../event-log/event-actor';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { NewEvent } from '../event-log/events.repository';
import { AlertTransition } from './alert-notifier';
import { AlertRule } from './alert-rule.entity';
import { alertView } from './alert.view';
import { ChangeRunner } from '../fleet-change/change-runner.service';

const RULE_FIELDS = [
  'name',
  'type',
  'network_ids',
  'for_seconds',
  'threshold',
  'emails',
  'enabled',
] as const;

/**
 * The alert events, last in their transaction: `alert_rule.*` by the user,
 * `alert.opened`/`alert.resolved` by the service, in the order the transitions happened.
 */
@Injectable()
export class AlertEvents {
  constructor(private readonly changes: ChangeRunner) {}

  ruleCreated(rule: AlertRule, actor: EventActor): Promise<void> {
    return this.rule(rule.organisation_id, 'alert_rule.created', { alert_rule_id: rule.id }, actor);
  }

  ruleDeleted(rule: AlertRule, actor: EventActor): Promise<void> {
    return this.rule(rule.organisation_id, 'alert_rule.deleted', { alert_rule_id: rule.id }, actor);
  }

  /** Records the update if any field changed; nothing otherwise. */
  async ruleUpdated(before: AlertRule, after: AlertRule, actor: EventActor): Promise<void> {
    const changes = changesOf(
      before as unknown as Record<string, unknown>,
      after as unknown as Record<string, unknown>,
      RULE_FIELDS,
      [],
    );
    if (Object.keys(changes).length > 0) {
      await this.rule(
        before.organisation_id,
        'alert_rule.updated',
        { alert_rule_id: before.id, changes },
        actor,
      );
    }
  }

  /** Each transition's `alert.opened` or `alert.resolved`, at the moment it happened. */
  async transitions(orgId: number, transitions: AlertTransition[]): Promise<void> {
    const events: NewEvent[] = transitions.map(({ alert, kind }) => {
      const { device, network } = alertView(alert); // as the alert names them
      return eventOf(
        kind === 'opened' ? 'alert.opened' : 'alert.resolved',
        { device, network },
        {
          alert_id: alert.id,
          alert_rule_id: alert.alert_rule_id,
          alert_type: alert.type,
          opened_at: alert.opened_at.toISOString(),
          resolved_at:
            kind === 'opened' || !alert.resolved_at ? null : alert.resolved_at.toISOString(),
        },
        { actor: SYSTEM, at: kind === 'opened' ? alert.opened_at : alert.resolved_at! },
      );
    });
    await this.changes.record(orgId, events);
  }

  private rule(
    orgId: number,
    type: 'alert_rule.created' | 'alert_rule.updated' | 'alert_rule.deleted',
    data: Record<string, unknown>,
    actor: EventActor,
  ): Promise<void> {
    return this.changes.record(orgId, [
      eventOf(type, { device: null, network: null }, data, { actor, at: new Date() }),
    ]);
  }
}
