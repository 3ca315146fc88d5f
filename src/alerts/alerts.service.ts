import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { pageRequest, paginationMeta, PaginationMeta } from '../common/pagination/pagination';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { networkNotFound } from '../networks/networks.errors';
import { AlertView, alertView } from './alert.view';
import { alertNotFound, alertResolved } from './alerts.errors';
import { AlertsQueryDto } from './dto/alert-rule.dto';
import { AlertQuery, AlertsRepository } from './alerts.repository';

/**
 * The alerts a caller may read: admins every alert of their organisation, members
 * those of networks they may read. Newest first (the console's page: open ones first).
 */
@Injectable()
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async list(
    user: AuthUser,
    input: AlertsQueryDto,
    options: { openFirst?: boolean } = {},
  ): Promise<{ alerts: AlertView[]; meta: PaginationMeta }> {
    let mac: string | undefined;
    if (input.mac_id !== undefined) {
      mac = normaliseMac(String(input.mac_id)) ?? undefined;
      if (mac === undefined) {
        throw new ValidationFailedError(['mac_id must be a MAC address']);
      }
    }
    if (input.network_id !== undefined) {
      await this.access.readable(user, input.network_id, networkNotFound);
    }
    const readable = await this.access.readableNetworkIds(user);
    const page = pageRequest(input);
    const query: AlertQuery = {
      state: input.state,
      alertRuleId: input.alert_rule_id,
      mac,
      networkId: input.network_id,
      networkIds: readable === 'all' ? undefined : readable,
      openFirst: options.openFirst,
      skip: page.offset,
      take: page.perPage,
    };
    const [alerts, count] = await this.alerts.page(user.organisation_id, query);
    return { alerts: alerts.map(alertView), meta: paginationMeta(page, count) };
  }

  /**
   * Acknowledges the alert: who took it, while it stays open. Admins, and members with `full`
   * access to the alert's network; a member with read-only access is refused (403 1029), and
   * an alert the caller may not read (another organisation's, another network's, one of no
   * network for a member) answers 404 1043 as a missing one. The first acknowledgement stays:
   * a repeat answers the alert as it is, also once resolved. A resolved alert that nobody
   * acknowledged is refused (422 1030): there is nothing left to take.
   */
  async acknowledge(user: AuthUser, id: number): Promise<AlertView> {
    const orgId = user.organisation_id;
    const alert = await this.alerts.find(orgId, id);
    if (!alert) {
      throw alertNotFound();
    }
    if (user.role !== 'admin') {
      if (alert.network_id === null) {
        throw alertNotFound();
      }
      await this.access.assertCanWrite(user, alert.network_id, alertNotFound);
    }
    if (alert.acknowledged_by === null) {
      await this.alerts.acknowledge(orgId, id, user, new Date());
    }
    const now = await this.alerts.find(orgId, id);
    if (!now) {
      throw alertNotFound();
    }
    if (now.acknowledged_by === null) {
      throw alertResolved();
    }
    return alertView(now);
  }

  /**
   * The open alerts of each network the caller may read (a network with none is absent): what
   * the overview's network lines show.
   */
  async countOpenByNetwork(user: AuthUser): Promise<Map<number, number>> {
    const readable = await this.access.readableNetworkIds(user);
    const counts = await this.alerts.countOpenByNetwork(user.organisation_id);
    if (readable !== 'all') {
      const allowed = new Set(readable);
      for (const id of counts.keys()) {
        if (!allowed.has(id)) {
          counts.delete(id);
        }
      }
    }
    return counts;
  }

  /** How many of the alerts the caller may read are open (the console overview's count). */
  async countOpen(user: AuthUser): Promise<number> {
    const readable = await this.access.readableNetworkIds(user);
    return this.alerts.countOpen(user.organisation_id, readable === 'all' ? undefined : readable);
  }
}
