import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { HtmlOnly, Page, PathId, PathParam } from '../../web/page.decorators';
import { pageNumber } from '../../web/pager';
import { pathId } from '../../web/path-id';
import { rolloutNotFound } from '../rollouts.errors';
import { upgradeNotFound } from '../upgrades.errors';
import { RolloutPagesService } from './rollout-pages.service';
import { upgradeListQuery } from './upgrade-list';
import { UpgradePagesService } from './upgrade-pages.service';
import { UpgradeRequestPagesService } from './upgrade-request-pages.service';
import { pageRequestId } from './upgrade-request-paths';

type QueryString = Record<string, unknown>;

const UpgradeId = () => PathId(upgradeNotFound);
const RequestId = () => PathParam({ name: 'id', read: pageRequestId });
const RolloutId = () => PathId(rolloutNotFound);

/**
 * The upgrade pages, on the same paths as the JSON API, routed here only for requests that ask
 * for HTML (HtmlOnly); an upgrade request's page and its cancel and retry; the rollouts and
 * their Halt. HTML forms cannot PUT or DELETE, so update and delete are posts to
 * `/upgrades/:id` and `/upgrades/:id/delete`. Writes are admins', as the upgrade routes.
 */
@Controller()
export class UpgradePagesController {
  constructor(
    private readonly upgrades: UpgradePagesService,
    private readonly requests: UpgradeRequestPagesService,
    private readonly rollouts: RolloutPagesService,
  ) {}

  /** The list, or only the upgrade of `?id=`. */
  @Get('upgrades')
  @HtmlOnly()
  @Page('signed-in')
  list(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    const id = typeof query.id === 'string' && query.id !== '' ? query.id : undefined;
    const upgrade = id === undefined ? undefined : pathId(id, upgradeNotFound);
    return this.upgrades.list(user, upgradeListQuery(query), upgrade);
  }

  @Get('upgrades/new')
  @HtmlOnly()
  @Page('admin')
  newForm(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    return this.upgrades.newForm(user, query);
  }

  @Get('upgrades/:id')
  @HtmlOnly()
  @Page('signed-in')
  show(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    return this.upgrades.list(user, { page: 1 }, id);
  }

  @Get('upgrades/:id/edit')
  @HtmlOnly()
  @Page('admin')
  editForm(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    return this.upgrades.editForm(user, id);
  }

  @Post('upgrades')
  @HtmlOnly()
  @Page('admin')
  create(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.upgrades.create(user, form);
  }

  @Post('upgrades/:id')
  @HtmlOnly()
  @Page('admin')
  update(@CurrentUser() user: AuthUser, @UpgradeId() id: number, @Body() form: unknown) {
    return this.upgrades.update(user, id, form);
  }

  @Post('upgrades/:id/delete')
  @HtmlOnly()
  @Page('admin')
  destroy(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    return this.upgrades.destroy(user, id);
  }

  @Get('upgrades/requests/:id')
  @HtmlOnly()
  @Page('signed-in')
  request(@CurrentUser() user: AuthUser, @RequestId() id: string, @Query('page') page?: string) {
    return this.requests.show(user, id, pageNumber(page));
  }

  @Post('upgrades/requests/:id/cancel')
  @HtmlOnly()
  @Page('admin')
  cancelRequest(@CurrentUser() user: AuthUser, @RequestId() id: string) {
    return this.requests.cancelPending(user, id);
  }

  @Post('upgrades/requests/:id/retry')
  @HtmlOnly()
  @Page('admin')
  retryRequest(@CurrentUser() user: AuthUser, @RequestId() id: string) {
    return this.requests.retryFailed(user, id);
  }

  @Get('rollouts')
  @Page('admin')
  rolloutList(@CurrentUser() user: AuthUser, @Query('page') page?: string) {
    return this.rollouts.list(user, pageNumber(page));
  }

  @Get('rollouts/:id')
  @Page('admin')
  rollout(@CurrentUser() user: AuthUser, @RolloutId() id: number) {
    return this.rollouts.show(user, id);
  }

  @Post('rollouts/:id/halt')
  @Page('admin')
  halt(@CurrentUser() user: AuthUser, @RolloutId() id: number) {
    return this.rollouts.halt(user, id);
  }

  @Post('rollouts/:id/advance')
  @Page('admin')
  advance(@CurrentUser() user: AuthUser, @RolloutId() id: number) {
    return this.rollouts.advance(user, id);
  }
}
