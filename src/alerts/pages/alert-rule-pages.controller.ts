import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { readId } from '../../common/ids/id';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { alertRuleNotFound } from '../alerts.errors';
import { AlertRulePagesService } from './alert-rule-pages.service';

/** An id of the path; anything else answers as a missing rule (404). */
const idOf = (value: string): number => {
  const id = readId(value);
  if (id === undefined) {
    throw alertRuleNotFound();
  }
  return id;
};

/**
 * The alert rule pages (issue 27): members read the list, admins add, change and delete. HTML
 * forms post: update and delete are posts, each answered by a redirect (303) or the form (422).
 */
@Controller('alert_rules')
export class AlertRulePagesController {
  constructor(
    private readonly pages: AlertRulePagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get()
  @Page('signed-in')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.list(user));
  }

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
}
