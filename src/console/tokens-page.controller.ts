import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { tokenNotFound } from '../users/tokens.errors';
import { Page } from '../web/page.decorators';
import { PageRenderer } from '../web/page-renderer';
import { pathId } from '../web/path-id';
import { TokensPageService } from './tokens-page.service';

/** The console's page of one's own API tokens (issue 29): list, create (shown once), revoke. */
@Controller('tokens')
export class TokensPageController {
  constructor(
    private readonly pages: TokensPageService,
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

  @Post()
  @Page('signed-in')
  async create(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.create(user, form));
  }

  @Post(':id/revoke')
  @Page('signed-in')
  async revoke(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    const tokenId = pathId(id, tokenNotFound);
    return this.renderer.answer(request, reply, await this.pages.revoke(user, tokenId));
  }
}
