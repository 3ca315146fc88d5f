import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { isIdInRange } from '../common/ids/id';
import { UnitOfWork } from '../database/unit-of-work';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { EventsRepository } from '../event-log/events.repository';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { AlertEvents } from './alert-events';
import { AlertNotifier, AlertTransition } from './alert-notifier';
import { AlertRule } from './alert-rule.entity';
import { AlertRuleInput, MAX_ALERT_RULES, ruleFields } from './alert-rules';
import { AlertRulesRepository } from './alert-rules.repository';
import { AlertRuleView, alertRuleView, memberAlertRuleView } from './alert.view';
import { alertRuleLimitReached, alertRuleNotFound } from './alerts.errors';
import { AlertWatchesRepository } from './alert-watches.repository';
import { AlertsRepository } from './alerts.repository';

/**
 * The alert rule routes' rules, role admin (the routes say so). Each write runs in
 * one transaction with its `alert_rule.*` event; a change or deletion holds the organisation's
 * alert cursor, so that no evaluation runs beside it (a deleted rule's open alerts resolve).
 */
@Injectable()
export class AlertRulesService {
  constructor(
    private readonly rules: AlertRulesRepository,
    private readonly alerts: AlertsRepository,
    private readonly watches: AlertWatchesRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly organisations: OrganisationsRepository,
    private readonly events: EventsRepository,
    private readonly alertEvents: AlertEvents,
    private readonly notifier: AlertNotifier,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The rules the caller may see, each as the caller sees it (`memberAlertRuleView`). */
  async list(user: AuthUser): Promise<AlertRuleView[]> {
    const view = await this.viewFor(user);
    const rules = await this.rules.list(user.organisation_id);
    return rules.map(view).filter((rule): rule is AlertRuleView => rule !== null);
  }

  /** The rule as the caller sees it; 404 1043 when it is missing or hidden from the caller. */
  async show(user: AuthUser, id: number): Promise<AlertRuleView> {
    const rule = await this.rules.find(user.organisation_id, id);
    const shown = rule ? (await this.viewFor(user))(rule) : null;
    if (!shown) {
      throw alertRuleNotFound();
    }
    return shown;
  }

  /** How the caller sees a rule: admins in full, members as `memberAlertRuleView` says. */
  private async viewFor(user: AuthUser): Promise<(rule: AlertRule) => AlertRuleView | null> {
    const readable = await this.access.readableNetworkIds(user);
    if (readable === 'all') {
      return alertRuleView;
    }
    const networks = new Set(readable);
    return (rule) => memberAlertRuleView(rule, networks, user.email);
  }

  create(
    user: AuthUser,
    input: AlertRuleInput,
    via: RequestChannel = 'api',
  ): Promise<AlertRuleView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const fields = await this.checked(orgId, null, input);
      await this.organisations.lockForUpdate(orgId); // the count below holds until the commit
      if ((await this.rules.count(orgId)) >= MAX_ALERT_RULES) {
        throw alertRuleLimitReached(MAX_ALERT_RULES);
      }
      const rule = await this.rules.create(orgId, fields, new Date());
      await this.alerts.ensureCursor(orgId, await this.events.lastId(orgId));
      await this.alertEvents.ruleCreated(rule, userActor(user, via));
      return alertRuleView(rule);
    });
  }

  update(
    user: AuthUser,
    id: number,
    input: AlertRuleInput,
    via: RequestChannel = 'api',
  ): Promise<AlertRuleView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const rule = await this.locked(orgId, id);
      const before = { ...rule };
      const fields = await this.checked(orgId, rule, input);
      Object.assign(rule, fields);
      if (rule.enabled && !before.enabled) {
        rule.active_since = new Date(); // re-enabled: it looks at what happens from now on
      }
      if (rule.type !== before.type || rule.threshold !== before.threshold || !rule.enabled) {
        await this.watches.unwatchRule(orgId, id);
      }
      const saved = await this.rules.save(rule);
      await this.alertEvents.ruleUpdated(before, saved, userActor(user, via));
      return alertRuleView(saved);
    });
  }

  /** Deletes the rule; its open alerts resolve now, with their events and e-mails. */
  destroy(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<AlertRuleView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const rule = await this.locked(orgId, id);
      const open = await this.alerts.openOf(orgId, { ruleId: id });
      const resolved = await this.alerts.resolve(
        orgId,
        open.map((alert) => alert.id),
        new Date(),
      );
      const transitions: AlertTransition[] = resolved.map((alert) => ({
        alert,
        rule,
        kind: 'resolved',
        ruleDeleted: true,
      }));
      if (transitions.length > 0) {
        await this.alertEvents.transitions(orgId, transitions);
        await this.notifier.notify(orgId, transitions);
      }
      await this.watches.unwatchRule(orgId, id);
      await this.rules.delete(orgId, id);
      await this.alertEvents.ruleDeleted(rule, userActor(user, via));
      return alertRuleView(rule);
    });
  }

  /** The rule under the organisation's alert cursor (no evaluation beside), its row locked. */
  private async locked(orgId: number, id: number): Promise<AlertRule> {
    await this.alerts.lockCursor(orgId);
    const rule = await this.rules.lock(orgId, id);
    if (!rule) {
      throw alertRuleNotFound();
    }
    return rule;
  }

  /** The fields `input` makes of `before`, or 422 naming every bad value (unknown networks too). */
  private async checked(orgId: number, before: AlertRule | null, input: AlertRuleInput) {
    const result = ruleFields(before, input);
    const problems = 'problems' in result ? result.problems : [];
    if ('fields' in result && result.fields.network_ids.length > 0) {
      // An id outside 1..MAX_ID is looked up nowhere: it is unknown like any other.
      const lookup = result.fields.network_ids.filter(isIdInRange);
      const known = new Set(
        lookup.length === 0 ? [] : (await this.networks.findByIds(orgId, lookup)).map((n) => n.id),
      );
      const unknown = result.fields.network_ids.filter((nid) => !known.has(nid));
      if (unknown.length > 0) {
        problems.push(`network_ids has unknown networks: ${unknown.join(', ')}`);
      }
    }
    if (problems.length > 0 || !('fields' in result)) {
      throw new ValidationFailedError(problems.map((problem) => `alert_rule.${problem}`));
    }
    return result.fields;
  }
}
