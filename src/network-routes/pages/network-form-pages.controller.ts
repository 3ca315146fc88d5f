import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { networkNotFound } from '../../networks/networks.errors';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { NetworkFormPagesService } from './network-form-pages.service';
import { NetworkRollbackPageService } from './network-rollback-page.service';
import { pathId } from '../../web/path-id';

const networkId = (id: string) => pathId(id, networkNotFound);

/**
 * The console's network forms (issue 29): admins only, as the JSON routes. HTML forms post;
 * each post is answered by a redirect (303) or the form again (422).
 */
@Controller('networks')
export class NetworkFormPagesController {
  constructor(
    private readonly pages: NetworkFormPagesService,
    private readonly rollbacks: NetworkRollbackPageService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get('new')
  @Page('admin')
  async newForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.newForm(user));
  }

  @Post()
  @Page('admin')
  async create(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.create(user, form));
  }

  @Get(':id/edit')
  @Page('admin')
  async editForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.editForm(user, networkId(id)));
  }

  @Post(':id')
  @Page('admin')
  async update(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.update(user, networkId(id), form));
  }

  @Get(':id/delete')
  @Page('admin')
  async deleteForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.deleteForm(user, networkId(id)));
  }

  @Post(':id/delete')
  @Page('admin')
  async destroy(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.destroy(user, networkId(id)));
  }

  @Get(':id/rollback')
  @Page('admin')
  async rollbackForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.rollbacks.form(user, networkId(id)));
  }

  @Post(':id/rollback')
  @Page('admin')
  async rollback(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const outcome = await this.rollbacks.rollback(user, networkId(id), form);
    return this.renderer.answer(request, reply, outcome);
  }
}
