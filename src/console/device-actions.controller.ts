import { Body, Controller, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { deviceNotFound } from '../access-points/access-points.errors';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { safeReturnPath } from '../web/return-path';
import { Page } from '../web/page.decorators';
import { PageRenderer } from '../web/page-renderer';
import { pathId } from '../web/path-id';
import { DeviceActionsService } from './device-actions.service';

/** Where a list form returns: the device list it was posted from (its filters kept), else /devices. */
function listPath(form: Record<string, unknown>): string {
  const path = safeReturnPath(form.return);
  return path === '/devices' || path.startsWith('/devices?') ? path : '/devices';
}

/**
 * The console's device actions (issue 29): claim on the device list, the ticked devices' move,
 * release, remove and tags, and the same on a device page. Admins, as their API routes.
 */
@Controller('devices')
export class DeviceActionsController {
  constructor(
    private readonly actions: DeviceActionsService,
    private readonly renderer: PageRenderer,
  ) {}

  @Post('claim')
  @Page('admin')
  async claim(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(
      request,
      reply,
      await this.actions.claim(user, form, listPath(form)),
    );
  }

  @Post('actions')
  @Page('admin')
  async bulk(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.actions.act(user, form, listPath(form)));
  }

  @Post(':id/actions')
  @Page('admin')
  async one(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const deviceId = pathId(id, deviceNotFound);
    const outcome = await this.actions.act(user, form, `/devices/${deviceId}`, '/devices');
    return this.renderer.answer(request, reply, outcome);
  }
}
