import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { readId } from '../../common/ids/id';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { webhookNotFound } from '../webhooks.errors';
import { WebhookPagesService } from './webhook-pages.service';

/** An id of the path; anything else answers as a missing webhook (404). */
const idOf = (value: string): number => {
  const id = readId(value);
  if (id === undefined) {
    throw webhookNotFound();
  }
  return id;
};

/**
 * The webhook pages (issue 27), admins only. HTML forms post: update, delete, test, rotation and
 * redelivery are posts, each answered by a redirect (303) or the page it leads to.
 */
@Controller('webhooks')
export class WebhookPagesController {
  constructor(
    private readonly pages: WebhookPagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get()
  @Page('admin')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.list(user));
  }

  @Get('new')
  @Page('admin')
  newForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.renderer.answer(request, reply, this.pages.newForm());
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

  @Get(':id')
  @Page('admin')
  async show(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query('page') pageNumber?: string,
  ): Promise<void> {
    const outcome = await this.pages.show(user, idOf(id), readId(pageNumber) ?? 1);
    return this.renderer.answer(request, reply, outcome);
  }

  @Get(':id/edit')
  @Page('admin')
  async editForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.editForm(user, idOf(id)));
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
    return this.renderer.answer(request, reply, await this.pages.update(user, idOf(id), form));
  }

  @Post(':id/delete')
  @Page('admin')
  async destroy(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.destroy(user, idOf(id)));
  }

  @Post(':id/test')
  @Page('admin')
  async test(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.test(user, idOf(id)));
  }

  @Post(':id/rotate_secret')
  @Page('admin')
  async rotate(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.rotate(user, idOf(id)));
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @Page('admin')
  async redeliver(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<void> {
    const outcome = await this.pages.redeliver(user, idOf(id), idOf(deliveryId));
    return this.renderer.answer(request, reply, outcome);
  }
}
