import { Controller, Get, Query } from '@nestjs/common';
import { deviceNotFound } from '../access-points/access-points.errors';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { networkNotFound } from '../networks/networks.errors';
import { upgradeListQuery } from '../upgrades/pages/upgrade-list';
import { trimmed } from '../web/form';
import { Page, PathId } from '../web/page.decorators';
import { csvFile } from '../web/page-outcome';
import { ConsoleEventsService } from './console-events.service';
import { ConsoleExportService } from './console-export.service';
import { ConsoleOverviewService } from './console-overview.service';
import { ConsolePagesService } from './console-pages.service';
import { deviceListQuery } from './console-query';

type QueryString = Record<string, unknown>;

/**
 * The fleet console's pages for signed-in users: the overview, devices, networks and events,
 * and the CSV exports of the device and upgrade lists. Members see what their grants allow.
 */
@Controller()
export class ConsolePagesController {
  constructor(
    private readonly pages: ConsolePagesService,
    private readonly overviews: ConsoleOverviewService,
    private readonly events: ConsoleEventsService,
    private readonly exports: ConsoleExportService,
  ) {}

  @Get('overview')
  @Page('signed-in')
  overview(@CurrentUser() user: AuthUser) {
    return this.overviews.overview(user);
  }

  @Get('devices')
  @Page('signed-in')
  devices(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    return this.pages.devices(user, deviceListQuery(query));
  }

  @Get('devices/:id')
  @Page('signed-in')
  device(@CurrentUser() user: AuthUser, @PathId(deviceNotFound) id: number) {
    return this.pages.device(user, id);
  }

  @Get('networks')
  @Page('signed-in')
  networks(@CurrentUser() user: AuthUser, @Query('q') q?: unknown) {
    return this.pages.networkList(user, trimmed(q).slice(0, 100));
  }

  @Get('networks/:id')
  @Page('signed-in')
  network(@CurrentUser() user: AuthUser, @PathId(networkNotFound) id: number) {
    return this.pages.network(user, id);
  }

  @Get('events')
  @Page('signed-in')
  eventList(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    return this.events.page(user, query);
  }

  /** Every device the device list's filters match (not one page), as CSV. */
  @Get('devices.csv')
  @Page('signed-in')
  async devicesCsv(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    return csvFile('devices.csv', await this.exports.devices(user, deviceListQuery(query)));
  }

  /** Every upgrade of the upgrade list's status, as CSV. */
  @Get('upgrades.csv')
  @Page('signed-in')
  async upgradesCsv(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    const { status } = upgradeListQuery(query);
    return csvFile('upgrades.csv', await this.exports.upgradeList(user, status));
  }
}
