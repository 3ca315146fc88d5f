import { Controller, Get, Post, Query } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { networkNotFound } from '../../networks/networks.errors';
import { Page, PathId } from '../../web/page.decorators';
import { pageNumber } from '../../web/pager';
import { configRolloutNotFound } from '../config-rollouts.errors';
import { ConfigRolloutPagesService } from './config-rollout-pages.service';

const RolloutId = () => PathId(configRolloutNotFound);

/**
 * The configuration rollout pages: a network's rollouts, a rollout (live), its Halt and Revert.
 * Signed-in users; the service decides who reads (either grant on the network) and who halts and
 * reverts (full access), as the API does.
 */
@Controller()
export class ConfigRolloutPagesController {
  constructor(private readonly rollouts: ConfigRolloutPagesService) {}

  @Get('networks/:id/config-rollouts')
  @Page('signed-in')
  list(
    @CurrentUser() user: AuthUser,
    @PathId(networkNotFound) id: number,
    @Query('page') page?: string,
  ) {
    return this.rollouts.list(user, id, pageNumber(page));
  }

  @Get('config-rollouts/:id')
  @Page('signed-in')
  show(
    @CurrentUser() user: AuthUser,
    @RolloutId() id: number,
    @Query('page') page?: string,
    @Query('outcome') outcome?: string,
  ) {
    return this.rollouts.show(user, id, pageNumber(page), outcome);
  }

  @Post('config-rollouts/:id/halt')
  @Page('signed-in')
  halt(@CurrentUser() user: AuthUser, @RolloutId() id: number) {
    return this.rollouts.halt(user, id);
  }

  @Post('config-rollouts/:id/revert')
  @Page('signed-in')
  revert(@CurrentUser() user: AuthUser, @RolloutId() id: number) {
    return this.rollouts.revert(user, id);
  }
}
