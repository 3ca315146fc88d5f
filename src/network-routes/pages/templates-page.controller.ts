import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { TemplatesPageService } from './templates-page.service';

/** The admins' page of network and uplink templates (issue 29, item 2). */
@Controller('templates')
export class TemplatesPageController {
  constructor(
    private readonly pages: TemplatesPageService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get()
  @Page('admin')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.page(user));
  }

  @Post('network')
  @Page('admin')
  async createNetworkTemplate(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const outcome = await this.pages.createNetworkTemplate(user, form);
    return this.renderer.answer(request, reply, outcome);
  }

  @Post('uplink')
  @Page('admin')
  async createUplinkTemplate(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const outcome = await this.pages.createUplinkTemplate(user, form);
    return this.renderer.answer(request, reply, outcome);
  }
}
