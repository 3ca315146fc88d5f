import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { pageRolloutId, RolloutPagesService } from './rollout-pages.service';

/** The rollouts list, a rollout's page and its Halt form (DEVICES 6); rollouts need role admin. */
@Controller('rollouts')
export class RolloutPagesController {
  constructor(
    private readonly pages: RolloutPagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get()
  @Page('admin')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query('page') page?: string,
  ): Promise<void> {
    const number = /^[1-9]\d{0,5}$/.test(page ?? '') ? Number(page) : 1;
    return this.renderer.answer(request, reply, await this.pages.list(user, number));
  }

  @Get(':id')
  @Page('admin')
  async show(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.show(user, pageRolloutId(id)));
  }

  @Post(':id/halt')
  @Page('admin')
  async halt(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.halt(user, pageRolloutId(id)));
  }
}
