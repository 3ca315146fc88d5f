import { Body, Controller, Post } from '@nestjs/common';
import { deviceNotFound } from '../access-points/access-points.errors';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { formFields } from '../web/form';
import { Page, PathId } from '../web/page.decorators';
import { safeReturnPath } from '../web/return-path';
import { DeviceActionsService } from './device-actions.service';
import { LabelSheetPageService } from './label-sheet-page.service';

/** Where a list form returns: the device list it was posted from (its filters kept), else /devices. */
function listPath(form: unknown): string {
  const path = safeReturnPath(formFields(form).return);
  return path === '/devices' || path.startsWith('/devices?') ? path : '/devices';
}

/**
 * The console's device actions: claim on the device list, the ticked devices' move, release,
 * remove, tags and uplinks, a sheet of labels, and the same on a device page. Admins, as their
 * API routes.
 */
@Controller('devices')
export class DeviceActionsController {
  constructor(
    private readonly actions: DeviceActionsService,
    private readonly sheets: LabelSheetPageService,
  ) {}

  @Post('claim')
  @Page('admin')
  claim(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.actions.claim(user, form, listPath(form));
  }

  @Post('actions')
  @Page('admin')
  bulk(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.actions.act(user, form, listPath(form));
  }

  /** A sheet of labels (CSV: MAC, label) for many devices at once. */
  @Post('labels')
  @Page('admin')
  labels(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.sheets.apply(user, form, listPath(form));
  }

  @Post(':id/actions')
  @Page('admin')
  one(@CurrentUser() user: AuthUser, @PathId(deviceNotFound) id: number, @Body() form: unknown) {
    return this.actions.act(user, form, `/devices/${id}`, '/devices');
  }
}
