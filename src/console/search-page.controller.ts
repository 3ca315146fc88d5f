import { Controller, Get, Query } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { trimmed } from '../web/form';
import { Page } from '../web/page.decorators';
import { SearchPageService } from './search-page.service';

/** The longest text the header's search reads (the rest is left out). */
const MAX_SEARCH = 100;

/** The search of every page's header: devices and Wi-Fi clients by MAC, name or address. */
@Controller()
export class SearchPageController {
  constructor(private readonly pages: SearchPageService) {}

  @Get('search')
  @Page('signed-in')
  search(@CurrentUser() user: AuthUser, @Query('q') q?: unknown) {
    return this.pages.search(user, trimmed(q).slice(0, MAX_SEARCH).trim());
  }
}
