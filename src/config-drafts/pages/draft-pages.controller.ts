import { Body, Controller, Get, Post } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { networkNotFound } from '../../networks/networks.errors';
import { Page, PathId } from '../../web/page.decorators';
import { DraftPagesService } from './draft-pages.service';
import { DraftSsidPagesService } from './draft-ssid-pages.service';

const NetworkId = () => PathId(networkNotFound);
/** An SSID of a draft by its position in the draft, from 1. */
const Position = () => PathId(ssidNotFound, 'position');

/**
 * A network's draft from the network page: start it from the network's SSIDs, its SSID forms,
 * base it again on the network's SSIDs, discard it, and the publish form. Signed-in users; the
 * services decide who writes (full access to the network), as the draft routes do.
 */
@Controller('networks/:id/draft')
export class DraftPagesController {
  constructor(
    private readonly drafts: DraftPagesService,
    private readonly ssids: DraftSsidPagesService,
  ) {}

  @Post()
  @Page('signed-in')
  start(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.drafts.start(user, id);
  }

  @Post('rebase')
  @Page('signed-in')
  rebase(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.drafts.rebase(user, id);
  }

  @Post('delete')
  @Page('signed-in')
  discard(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.drafts.discard(user, id);
  }

  @Get('publish')
  @Page('signed-in')
  publishForm(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.drafts.publishForm(user, id);
  }

  @Post('publish')
  @Page('signed-in')
  publish(@CurrentUser() user: AuthUser, @NetworkId() id: number, @Body() form: unknown) {
    return this.drafts.publish(user, id, form);
  }

  @Get('ssids/new')
  @Page('signed-in')
  newSsidForm(@CurrentUser() user: AuthUser, @NetworkId() id: number) {
    return this.ssids.newForm(user, id);
  }

  @Post('ssids')
  @Page('signed-in')
  createSsid(@CurrentUser() user: AuthUser, @NetworkId() id: number, @Body() form: unknown) {
    return this.ssids.create(user, id, form);
  }

  @Get('ssids/:position/edit')
  @Page('signed-in')
  editSsidForm(
    @CurrentUser() user: AuthUser,
    @NetworkId() id: number,
    @Position() position: number,
  ) {
    return this.ssids.editForm(user, id, position);
  }

  @Post('ssids/:position')
  @Page('signed-in')
  updateSsid(
    @CurrentUser() user: AuthUser,
    @NetworkId() id: number,
    @Position() position: number,
    @Body() form: unknown,
  ) {
    return this.ssids.update(user, id, position, form);
  }

  @Post('ssids/:position/delete')
  @Page('signed-in')
  removeSsid(
    @CurrentUser() user: AuthUser,
    @NetworkId() id: number,
    @Position() position: number,
    @Body() form: unknown,
  ) {
    return this.ssids.remove(user, id, position, form);
  }
}
