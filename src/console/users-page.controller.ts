import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ValidationFailedError } from '../common/errors';
import { Page } from '../web/page.decorators';
import { PageRenderer } from '../web/page-renderer';
import { pathId } from '../web/path-id';

import { UsersPageService } from './users-page.service';

/** A bad id of the path is a bad parameter, as the grant routes answer it (422). */
const badId = (name: string) => () => new ValidationFailedError([`${name} must be an id`]);

/** The admins' page of users and network grants (issue 29). */
@Controller('users')
export class UsersPageController {
  constructor(
    private readonly pages: UsersPageService,
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

  @Post(':id/grants')
  @Page('admin')
  async grant(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const outcome = await this.pages.grant(user, pathId(id, badId('user_id')), form);
    return this.renderer.answer(request, reply, outcome);
  }

  @Post(':id/grants/:networkId/revoke')
  @Page('admin')
  async revoke(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('networkId') networkId: string,
  ): Promise<void> {
    const outcome = await this.pages.revoke(
      user,
      pathId(id, badId('user_id')),
      pathId(networkId, badId('network_id')),
    );
    return this.renderer.answer(request, reply, outcome);
  }
}
