import { Body, Controller, Get, Post } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { networkNotFound } from '../../networks/networks.errors';
import { Page, PathId } from '../../web/page.decorators';
import { NetworkFormPagesService } from './network-form-pages.service';
import { NetworkRollbackPageService } from './network-rollback-page.service';
import { SsidFormPagesService } from './ssid-form-pages.service';
import { TemplatesPageService } from './templates-page.service';

const NetworkId = () => PathId(networkNotFound);
const SsidId = () => PathId(ssidNotFound, 'ssidId');

/**
 * The console's network forms (admins only, as the JSON routes), a network's SSID forms (the
 * SSID service decides who may write: admins, members with full access to the network) and the
 * admins' templates page. HTML forms post; each post is answered by a redirect (303) or the
 * form again (422).
 */
@Controller()
export class NetworkFormPagesController {
  constructor(
    private readonly networks: NetworkFormPagesService,
    private readonly rollbacks: NetworkRollbackPageService,
    private readonly ssids: SsidFormPagesService,
    private readonly templates: TemplatesPageService,
  ) {}

  @Get('networks/new')
  @Page('admin')
  newForm(@CurrentUser() user: AuthUser) {
    return this.networks.newForm(user);
  }

  @Post('networks')
  @Page('admin')
  create(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.networks.create(user, form);
  }

  @Get('networks/:id/edit')
  @Page('admin')
  editForm(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.networks.editForm(user, id);
  }

  @Post('networks/:id')
  @Page('admin')
  update(@CurrentUser() user: AuthUser, @NetworkId() id: number, @Body() form: unknown) {
    return this.networks.update(user, id, form);
  }

  @Get('networks/:id/delete')
  @Page('admin')
  deleteForm(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.networks.deleteForm(user, id);
  }

  @Post('networks/:id/delete')
  @Page('admin')
  destroy(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.networks.destroy(user, id);
  }

  @Get('networks/:id/rollback')
  @Page('admin')
  rollbackForm(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.rollbacks.form(user, id);
  }

  @Post('networks/:id/rollback')
  @Page('admin')
  rollback(@CurrentUser() user: AuthUser, @NetworkId() id: number, @Body() form: unknown) {
    return this.rollbacks.rollback(user, id, form);
  }

  @Get('networks/:id/ssids/new')
  @Page('signed-in')
  newSsidForm(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.ssids.newForm(user, id);
  }

  @Post('networks/:id/ssids')
  @Page('signed-in')
  createSsid(@CurrentUser() user: AuthUser, @NetworkId() id: number, @Body() form: unknown) {
    return this.ssids.create(user, id, form);
  }

  @Get('networks/:id/ssids/:ssidId/edit')
  @Page('signed-in')
  editSsidForm(@CurrentUser() user: AuthUser, @NetworkId() id: number, @SsidId() ssid: number) {
    return this.ssids.editForm(user, id, ssid);
  }

  @Post('networks/:id/ssids/:ssidId')
  @Page('signed-in')
  updateSsid(
    @CurrentUser() user: AuthUser,
    @NetworkId() id: number,
    @SsidId() ssid: number,
    @Body() form: unknown,
  ) {
    return this.ssids.update(user, id, ssid, form);
  }

  @Post('networks/:id/ssids/:ssidId/delete')
  @Page('signed-in')
  destroySsid(@CurrentUser() user: AuthUser, @NetworkId() id: number, @SsidId() ssid: number) {
    return this.ssids.destroy(user, id, ssid);
  }

  @Get('templates')
  @Page('admin')
  templateList(@CurrentUser() user: AuthUser) {
    return this.templates.page(user);
  }

  @Post('templates/network')
  @Page('admin')
  createNetworkTemplate(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.templates.createNetworkTemplate(user, form);
  }

  @Post('templates/uplink')
  @Page('admin')
  createUplinkTemplate(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.templates.createUplinkTemplate(user, form);
  }
}
