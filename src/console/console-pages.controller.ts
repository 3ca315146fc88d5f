import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { Page } from '../web/page.decorators';
import { PageRenderer } from '../web/page-renderer';
import { pathId } from '../web/path-id';
import { deviceNotFound } from '../access-points/access-points.errors';
import { networkNotFound } from '../networks/networks.errors';
import { ConsolePagesService } from './console-pages.service';
import { ConsoleOverviewService } from './console-overview.service';
import { deviceListQuery } from './console-query';

/**
 * The fleet console (issue 13): server-rendered pages for signed-in users, in the layout and with
 * the session of the sign-in and upgrade pages. Members see what their grants allow.
 */
@Controller()
export class ConsolePagesController {
  constructor(
    private readonly pages: ConsolePagesService,
    private readonly overviews: ConsoleOverviewService,
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
      await this.overviews.overview(user),
    );
  }

  @Get('devices')
  @Page('signed-in')
  async devices(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.render(
      request,
      reply,
      'console/views/devices',
      await this.pages.devices(user, deviceListQuery(query)),
    );
  }

  @Get('devices/:id')
  @Page('signed-in')
  async device(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.render(
      request,
      reply,
      'console/views/device',
      await this.pages.device(user, pathId(id, deviceNotFound)),
    );
  }
}

/** The networks pages of the console (issue 13). */
@Controller()
export class NetworkPagesController {
  constructor(
    private readonly pages: ConsolePagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get('networks')
  @Page('signed-in')
  async networks(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query('q') q?: unknown,
  ): Promise<void> {
    const search = typeof q === 'string' ? q.trim().slice(0, 100) : '';
    return this.renderer.render(
      request,
      reply,
      'console/views/networks',
      await this.pages.networkList(user, search),
    );
  }

  @Get('networks/:id')
  @Page('signed-in')
  async network(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<void> {
    return this.renderer.render(
      request,
      reply,
      'console/views/network',
      await this.pages.network(user, pathId(id, networkNotFound)),
    );
  }
}
