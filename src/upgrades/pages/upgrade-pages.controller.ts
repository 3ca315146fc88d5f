import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { HtmlOnly, Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { pageUpgradeId } from './page-id';
import { upgradeListQuery } from './upgrade-list';
import { UpgradePagesService } from './upgrade-pages.service';

/**
 * The upgrade pages (CONTRACT 2): the same paths as the JSON API, routed here only for requests
 * that ask for HTML (HtmlOnly). HTML forms cannot PUT or DELETE, so update and delete are posts
 * to `/upgrades/:id` and `/upgrades/:id/delete`; each redirects (303) to the list.
 */
@Controller('upgrades')
export class UpgradePagesController {
  constructor(
    private readonly pages: UpgradePagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get()
  @HtmlOnly()
  @Page('signed-in')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    const id =
      typeof query.id === 'string' && query.id !== '' ? pageUpgradeId(query.id) : undefined;
    return this.renderer.answer(
      request,
      reply,
      await this.pages.list(user, upgradeListQuery(query), id),
    );
  }

  @Get('new')
  @HtmlOnly()
  @Page('admin')
  async newForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.newForm(user, query));
  }

  @Get(':id')
  @HtmlOnly()
  @Page('signed-in')
  async show(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(
      request,
      reply,
      await this.pages.list(user, { page: 1 }, pageUpgradeId(id)),
    );
  }

  @Get(':id/edit')
  @HtmlOnly()
  @Page('admin')
  async editForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.editForm(user, pageUpgradeId(id)));
  }

  @Post()
  @HtmlOnly()
  @Page('admin')
  async create(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.create(user, form));
  }

  @Post(':id')
  @HtmlOnly()
  @Page('admin')
  async update(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(
      request,
      reply,
      await this.pages.update(user, pageUpgradeId(id), form),
    );
  }

  @Post(':id/delete')
  @HtmlOnly()
  @Page('admin')
  async destroy(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.destroy(user, pageUpgradeId(id)));
  }
}
