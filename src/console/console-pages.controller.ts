import { Controller, Get, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { Page } from '../web/page.decorators';
import { PageRenderer } from '../web/page-renderer';
import { ConsolePagesService } from './console-pages.service';

/**
 * The fleet console (issue 13): server-rendered pages for signed-in users, in the layout and with
 * the session of the sign-in and upgrade pages. Members see what their grants allow.
 */
@Controller()
export class ConsolePagesController {
  constructor(
    private readonly pages: ConsolePagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get('overview')
  @Page('signed-in')
  async overview(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.renderer.render(
      request,
      reply,
      'console/views/overview',
      await this.pages.overview(user),
    );
  }
}
