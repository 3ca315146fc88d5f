import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { HtmlOnly, Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { upgradeListQuery } from './upgrade-list';
import { UpgradeRequestPagesService } from './upgrade-request-pages.service';
import { pageRequestId } from './upgrade-request-paths';

/**
 * An upgrade request's page and its two one-step actions (issue 29). The actions are upgrade
 * writes: role admin, as the upgrade routes (CONTRACT 3); each redirects (303) to a request.
 */
@Controller('upgrades/requests')
export class UpgradeRequestPagesController {
  constructor(
    private readonly pages: UpgradeRequestPagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get(':id')
  @HtmlOnly()
  @Page('signed-in')
  async show(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    const { page } = upgradeListQuery(query);
    return this.renderer.answer(
      request,
      reply,
      await this.pages.show(user, pageRequestId(id), page),
    );
  }

  @Post(':id/cancel')
  @HtmlOnly()
  @Page('admin')
  async cancel(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(
      request,
      reply,
      await this.pages.cancelPending(user, pageRequestId(id)),
    );
  }

  @Post(':id/retry')
  @HtmlOnly()
  @Page('admin')
  async retry(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(
      request,
      reply,
      await this.pages.retryFailed(user, pageRequestId(id)),
    );
  }
}
