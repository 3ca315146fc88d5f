import { Body, Controller, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { deviceNotFound } from '../../access-points/access-points.errors';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { networkNotFound } from '../../networks/networks.errors';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { pathId } from '../../web/path-id';
import { commandNotFound } from '../commands.errors';
import { CommandPagesService } from './command-pages.service';

/**
 * The console's command buttons (issue 28): form posts, each answered by a redirect (303) to the
 * page it came from. Signed-in users reach them; the service decides who may act (admins, and
 * members with full access to the device's network).
 */
@Controller()
export class CommandPagesController {
  constructor(
    private readonly pages: CommandPagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Post('devices/:id/commands')
  @Page('signed-in')
  async deviceCommand(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const deviceId = pathId(id, deviceNotFound);
    return this.renderer.answer(
      request,
      reply,
      await this.pages.deviceCommand(user, deviceId, form),
    );
  }

  @Post('networks/:id/reboot')
  @Page('signed-in')
  async rebootNetwork(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    const networkId = pathId(id, networkNotFound);
    return this.renderer.answer(request, reply, await this.pages.rebootNetwork(user, networkId));
  }

  @Post('commands/:id/cancel')
  @Page('signed-in')
  async cancel(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.answer(
      request,
      reply,
      await this.pages.cancel(user, pathId(id, commandNotFound)),
    );
  }
}
