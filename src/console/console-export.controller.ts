import { Controller, Get, Query, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { upgradeListQuery } from '../upgrades/pages/upgrade-list';
import { Page } from '../web/page.decorators';
import { ConsoleExportService } from './console-export.service';
import { deviceListQuery } from './console-query';

/** Sends a CSV as a download named `name`, never cached (it holds the fleet's records). */
async function download(reply: FastifyReply, name: string, csv: string): Promise<void> {
  await reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The console's CSV exports (issue 29): the device list's and the upgrade list's filters. */
@Controller()
export class ConsoleExportController {
  constructor(private readonly exports: ConsoleExportService) {}

  @Get('devices.csv')
  @Page('signed-in')
  async devices(
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return download(reply, 'devices.csv', await this.exports.devices(user, deviceListQuery(query)));
  }

  @Get('upgrades.csv')
  @Page('signed-in')
  async upgrades(
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return download(
      reply,
      'upgrades.csv',
      await this.exports.upgradeList(user, upgradeListQuery(query).status),
    );
  }
}
