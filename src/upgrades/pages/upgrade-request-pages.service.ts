import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { orRefusedTo, refusalText } from '../../web/form';
import { Redirect, redirectTo, refusedTo, Shown, show } from '../../web/page-outcome';
import { pager } from '../../web/pager';
import { plural } from '../../web/plural';
import { UPGRADE_STATUSES } from '../../firmware/upgrade.entity';
import { UpgradeRequestsService } from '../upgrade-requests.service';
import { requestHref } from './upgrade-request-paths';
import { UpgradesService } from '../upgrades.service';
import { statusText } from './upgrade-rows';
import { UPGRADES_PER_PAGE } from './upgrade-list';
import { UPGRADE_REQUEST, UpgradeRequestModel } from './upgrade-page-views';

/**
 * The page of one upgrade request: what it wrote, counted by status, its devices a
 * page at a time, and the one-step cancel of its pending upgrades and retry of its failed ones.
 */
@Injectable()
export class UpgradeRequestPagesService {
  constructor(
    private readonly requests: UpgradeRequestsService,
    private readonly upgrades: UpgradesService,
  ) {}

  async show(user: AuthUser, id: string, page: number): Promise<Shown<UpgradeRequestModel>> {
    const summary = await this.requests.show(user, id);
    const { upgrades, meta } = await this.upgrades.page(
      user,
      { request_id: id },
      { page, per_page: UPGRADES_PER_PAGE },
      true,
    );
    const admin = user.role === 'admin';
    return show(UPGRADE_REQUEST, {
      title: `Upgrade request: ${summary.version}`,
      section: 'upgrades',
      summary,
      targets: plural(summary.total, 'device'),
      counts: UPGRADE_STATUSES.map((status) => ({
        status,
        label: status.replace('_', ' '),
        count: summary.counts[status],
      })),
      rolloutHref: admin && summary.rollout_id !== null ? `/rollouts/${summary.rollout_id}` : null,
      cancel:
        admin && summary.counts.pending > 0
          ? plural(summary.counts.pending, 'pending upgrade')
          : null,
      retry:
        admin && summary.counts.failed > 0 ? plural(summary.counts.failed, 'failed upgrade') : null,
      action: requestHref(id),
      upgrades: upgrades.map((upgrade) => ({ ...upgrade, statusText: statusText(upgrade) })),
      pager: pager(meta, (n) => (n === 1 ? requestHref(id) : `${requestHref(id)}?page=${n}`)),
    });
  }

  /**
   * Cancels the request's pending upgrades; back to its summary, where they stay listed as
   * cancelled.
   */
  async cancelPending(user: AuthUser, id: string): Promise<Redirect> {
    const { cancelled } = await this.requests.cancelPending(user, id, { via: 'console' });
    return cancelled > 0
      ? redirectTo(requestHref(id), `Cancelled ${plural(cancelled, 'pending upgrade')}.`)
      : refusedTo(requestHref(id), 'No pending upgrade left to cancel.');
  }

  retryFailed(user: AuthUser, id: string): Promise<Redirect> {
    return orRefusedTo(
      requestHref(id),
      async () => {
        const result = await this.requests.retryFailed(user, id, { via: 'console' });
        const retrying = `Retrying ${plural(result.upgrades.length, 'device')}`;
        return redirectTo(requestHref(result.request_id), `${retrying}: ${result.message}.`);
      },
      (error) => {
        const refusal = refusalText(error);
        return refusal === null ? null : `${refusal}.`;
      },
    );
  }
}
