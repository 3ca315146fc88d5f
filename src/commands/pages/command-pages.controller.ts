import { Body, Controller, Post } from '@nestjs/common';
import { deviceNotFound } from '../../access-points/access-points.errors';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { networkNotFound } from '../../networks/networks.errors';
import { Page, PathId } from '../../web/page.decorators';
import { commandNotFound } from '../commands.errors';
import { CommandPagesService } from './command-pages.service';

/**
 * The console's command buttons: form posts, each answered by a redirect (303) to the page it
 * came from. Signed-in users reach them; the service decides who may act (admins, and members
 * with full access to the device's network).
 */
@Controller()
export class CommandPagesController {
  constructor(private readonly pages: CommandPagesService) {}

  @Post('devices/:id/commands')
  @Page('signed-in')
  deviceCommand(
    @CurrentUser() user: AuthUser,
    @PathId(deviceNotFound) id: number,
    @Body() form: unknown,
  ) {
    return this.pages.deviceCommand(user, id, form);
  }

  @Post('networks/:id/reboot')
  @Page('signed-in')
  rebootNetwork(@CurrentUser() user: AuthUser, @PathId(networkNotFound) id: number) {
    return this.pages.rebootNetwork(user, id);
  }

  @Post('commands/:id/cancel')
  @Page('signed-in')
  cancel(@CurrentUser() user: AuthUser, @PathId(commandNotFound) id: number) {
    return this.pages.cancel(user, id);
  }
}
