import { Controller, Get, Post, Query } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { csvFile } from '../web/page-outcome';
import { Page, PathParam } from '../web/page.decorators';
import { clientListQuery } from './client-format';
import { ClientPagesService } from './client-pages.service';

type QueryString = Record<string, unknown>;
/** The client's MAC of the path, as given (the service reads any form, 422 for none). */
const ClientMac = () => PathParam({ name: 'mac', read: (value: string) => value });

/** The Clients page, its CSV, a client's page and Erase (admins). */
@Controller()
export class ClientPagesController {
  constructor(private readonly pages: ClientPagesService) {}

  @Get('clients')
  @Page('signed-in')
  list(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    return this.pages.list(user, clientListQuery(query));
  }

  /** Every client the Clients page's filters match (not one page), as CSV. */
  @Get('clients.csv')
  @Page('signed-in')
  async csv(@CurrentUser() user: AuthUser, @Query() query: QueryString) {
    return csvFile('clients.csv', await this.pages.csv(user, clientListQuery(query)));
  }

  @Get('clients/:mac')
  @Page('signed-in')
  client(@CurrentUser() user: AuthUser, @ClientMac() mac: string) {
    return this.pages.client(user, mac);
  }

  @Post('clients/:mac/erase')
  @Page('admin')
  erase(@CurrentUser() user: AuthUser, @ClientMac() mac: string) {
    return this.pages.erase(user, mac);
  }
}
