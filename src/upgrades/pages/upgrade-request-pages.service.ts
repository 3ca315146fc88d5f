import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { StatusMessageError } from '../../common/errors';
import { PageOutcome, refusedTo } from '../../web/page-renderer';
import { pager } from '../../web/pager';
import { plural } from '../../web/plural';
import { UPGRADE_STATUSES } from '../upgrade.entity';
import { UpgradeRequestsService } from '../upgrade-requests.service';
import { requestHref } from './upgrade-request-paths';
import { UpgradesService } from '../upgrades.service';
import { statusText } from './upgrade-rows';
import { UPGRADES_PER_PAGE } from './upgrade-list';

const REQUEST = 'upgrades/pages/views/request';

/**
 * The page of one upgrade request (issue 29): what it wrote, counted by status, its devices a
 * page at a time, and the one-step cancel of its pending upgrades and retry of its failed ones.
 */
@Injectable()
export class UpgradeRequestPagesService {
  constructor(
    private readonly requests: UpgradeRequestsService,
    private readonly upgrades: UpgradesService,
  ) {}

  async show(user: AuthUser, id: string, page: number): Promise<PageOutcome> {
    const summary = await this.requests.show(user, id);
    const { upgrades, meta } = await this.upgrades.page(
      user,
      { request_id: id },
      { page, per_page: UPGRADES_PER_PAGE },
      true,
    );
    const admin = user.role === 'admin';
    return {
      kind: 'page',
      template: REQUEST,
      status: 200,
      context: {
        title: `Upgrade request: ${summary.version}`,
        section: 'upgrades',
        summary,
        targets: plural(summary.total, 'device'),
        counts: UPGRADE_STATUSES.map((status) => ({
          status,
          label: status.replace('_', ' '),
          count: summary.counts[status],
        })),
        rolloutHref:
          admin && summary.rollout_id !== null ? `/rollouts/${summary.rollout_id}` : null,
        cancel:
          admin && summary.counts.pending > 0
            ? plural(summary.counts.pending, 'pending upgrade')
            : null,
        retry:
          admin && summary.counts.failed > 0
            ? plural(summary.counts.failed, 'failed upgrade')
            : null,
        action: requestHref(id),
        upgrades: upgrades.map((upgrade) => ({ ...upgrade, statusText: statusText(upgrade) })),
        pager: pager(meta, (n) => (n === 1 ? requestHref(id) : `${requestHref(id)}?page=${n}`)),
      },
    };
  }

  /**
   * Cancels the request's pending upgrades; back to its summary, or to the list when nothing of
   * the request remains (cancelled upgrades are deleted, as DELETE /upgrades/:id deletes).
   */
  async cancelPending(user: AuthUser, id: string): Promise<PageOutcome> {
    const { deleted, remaining } = await this.requests.cancelPending(user, id, { via: 'console' });
    const location = remaining > 0 ? requestHref(id) : '/upgrades';
    return deleted > 0
      ? { kind: 'redirect', location, message: `Cancelled ${plural(deleted, 'pending upgrade')}.` }
      : refusedTo(location, 'No pending upgrade left to cancel.');
  }

  async retryFailed(user: AuthUser, id: string): Promise<PageOutcome> {
    try {
      const result = await this.requests.retryFailed(user, id, { via: 'console' });
      return {
        kind: 'redirect',
        location: requestHref(result.request_id),
        message: `Retrying ${plural(result.upgrades.length, 'device')}: ${result.message}.`,
      };
    } catch (error) {
      if (error instanceof StatusMessageError && error.httpStatus === 422) {
        return refusedTo(requestHref(id), `${error.message}.`);
      }
      throw error;
    }
  }
}
