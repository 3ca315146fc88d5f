import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { alertListQuery, AlertListPageService } from './alert-list-page.service';

/** The Alerts page of the console (issue 27), for every signed-in user. */
@Controller('alerts')
export class AlertListPageController {
  constructor(
    private readonly page: AlertListPageService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get()
  @Page('signed-in')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.page.list(user, alertListQuery(query)));
  }
}
