import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { networkNotFound } from '../../networks/networks.errors';
import { Page } from '../../web/page.decorators';
import { PageRenderer } from '../../web/page-renderer';
import { pathId } from '../../web/path-id';
import { SsidFormPagesService } from './ssid-form-pages.service';

const networkId = (id: string) => pathId(id, networkNotFound);
const ssidId = (id: string) => pathId(id, ssidNotFound);

/**
 * The SSID forms of a network (issue 29). Signed-in users reach them; the SSID service decides
 * who may write (admins, members with full access to the network), as for the JSON routes.
 */
@Controller('networks/:id/ssids')
export class SsidFormPagesController {
  constructor(
    private readonly pages: SsidFormPagesService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get('new')
  @Page('signed-in')
  async newForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') network: string,
  ): Promise<void> {
    return this.renderer.answer(request, reply, await this.pages.newForm(user, networkId(network)));
  }

  @Post()
  @Page('signed-in')
  async create(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') network: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const outcome = await this.pages.create(user, networkId(network), form);
    return this.renderer.answer(request, reply, outcome);
  }

  @Get(':ssidId/edit')
  @Page('signed-in')
  async editForm(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') network: string,
    @Param('ssidId') id: string,
  ): Promise<void> {
    const outcome = await this.pages.editForm(user, networkId(network), ssidId(id));
    return this.renderer.answer(request, reply, outcome);
  }

  @Post(':ssidId')
  @Page('signed-in')
  async update(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') network: string,
    @Param('ssidId') id: string,
    @Body() form: Record<string, unknown>,
  ): Promise<void> {
    const outcome = await this.pages.update(user, networkId(network), ssidId(id), form);
    return this.renderer.answer(request, reply, outcome);
  }

  @Post(':ssidId/delete')
  @Page('signed-in')
  async destroy(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Param('id') network: string,
    @Param('ssidId') id: string,
  ): Promise<void> {
    const outcome = await this.pages.destroy(user, networkId(network), ssidId(id));
    return this.renderer.answer(request, reply, outcome);
  }
}
