import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { orRefusedTo } from '../../web/form';
import { redirectTo, Redirect, show, Shown } from '../../web/page-outcome';
import { pageNumber, pager } from '../../web/pager';
import { options } from '../../web/select-options';
import { timeAgo } from '../../web/time-ago';
import { AlertRulesService } from '../alert-rules.service';
import { AlertView } from '../alert.view';
import { AlertsService } from '../alerts.service';
import { alertDetails, alertTypeLabel, shownTime } from './alert-format';
import { ALERT_LIST, AlertListModel, AlertRow } from './alert-views';

const ALERTS_PER_PAGE = 25;

const STATES = [
  { value: '', label: 'Open and resolved' },
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** What the Alerts page's query string asks for, read leniently: a bad value is no filter. */
export interface AlertListQuery {
  state?: 'open' | 'resolved';
  page: number;
}

export function alertListQuery(query: Record<string, unknown>): AlertListQuery {
  const state = query.state;
  return {
    state: state === 'open' || state === 'resolved' ? state : undefined,
    page: pageNumber(query.page),
  };
}

/** A link to the Alerts page with this filter and page. */
export function alertListHref(query: AlertListQuery): string {
  const params = new URLSearchParams();
  if (query.state) {
    params.set('state', query.state);
  }
  if (query.page !== 1) {
    params.set('page', String(query.page));
  }
  const search = params.toString();
  return search ? `/alerts?${search}` : '/alerts';
}

/**
 * The Alerts page: the alerts the user may read (AlertsService: members those of
 * networks they may read), open ones first, then newest first, filtered by state.
 */
@Injectable()
export class AlertListPageService {
  constructor(
    private readonly alerts: AlertsService,
    private readonly rules: AlertRulesService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async list(user: AuthUser, query: AlertListQuery): Promise<Shown<AlertListModel>> {
    const { alerts, meta } = await this.alerts.list(
      user,
      { state: query.state, page: query.page, per_page: ALERTS_PER_PAGE },
      { openFirst: true },
    );
    const rules = new Map((await this.rules.list(user)).map((rule) => [rule.id, rule]));
    const isAdmin = user.role === 'admin';
    const levels = await this.access.levelsByNetwork(user);
    // who may press Acknowledge is who may call the route: admins, members with full access
    const mayAcknowledge = (alert: AlertView) =>
      levels === 'all' || (alert.network !== null && levels.get(alert.network.id) === 'full');
    const now = new Date();
    const row = (alert: AlertView): AlertRow => {
      const rule = rules.get(alert.alert_rule_id);
      const rolloutId = alert.type === 'rollout_halted' ? Number(alert.data.rollout_id) : NaN;
      return {
        ...alert,
        open: alert.state === 'open',
        typeLabel: alertTypeLabel(alert.type),
        ruleName: rule?.name ?? null,
        opened: shownTime(alert.opened_at),
        resolved: alert.resolved_at === null ? null : shownTime(alert.resolved_at),
        details: alertDetails(alert, rule?.threshold ?? null),
        rollout: isAdmin && Number.isSafeInteger(rolloutId) ? `/rollouts/${rolloutId}` : null,
        acknowledgement:
          alert.acknowledged_by && alert.acknowledged_at
            ? {
                email: alert.acknowledged_by.email,
                ago: timeAgo(Math.floor(Date.parse(alert.acknowledged_at) / 1000), now),
              }
            : null,
        canAcknowledge:
          alert.state === 'open' && alert.acknowledged_by === null && mayAcknowledge(alert),
      };
    };
    return show(ALERT_LIST, {
      title: 'Alerts',
      section: 'alerts',
      isAdmin,
      alerts: alerts.map(row),
      states: options(STATES, query.state ?? ''),
      filtered: query.state !== undefined,
      count: meta.count,
      pager: pager(meta, (n) => alertListHref({ ...query, page: n })),
    });
  }

  /**
   * The Acknowledge button: back to the Alerts page with what happened; a refusal (the alert
   * resolved meanwhile) as its error message, and 403 and 404 as pages.
   */
  acknowledge(user: AuthUser, id: number): Promise<Redirect> {
    return orRefusedTo('/alerts', async () => {
      const alert = await this.alerts.acknowledge(user, id);
      const by = alert.acknowledged_by;
      return redirectTo(
        '/alerts',
        by && by.id !== user.id
          ? `Alert ${id} was already acknowledged by ${by.email}.`
          : `Alert ${id} acknowledged.`,
      );
    });
  }
}
