import { Body, Controller, Get, Post } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ValidationFailedError } from '../common/errors';
import { tokenNotFound } from '../users/tokens.errors';
import { Page, PathId } from '../web/page.decorators';
import { TokensPageService } from './tokens-page.service';
import { UsersPageService } from './users-page.service';

/** A bad id of a grant's path is a bad parameter, as the grant routes answer it (422). */
const badId = (name: string) => () => new ValidationFailedError([`${name} must be an id`]);

/**
 * Who may do what: every user's own API tokens (list, create, shown once, revoke), and for
 * admins the organisation's users and their network grants.
 */
@Controller()
export class AccessPagesController {
  constructor(
    private readonly tokens: TokensPageService,
    private readonly users: UsersPageService,
  ) {}

  @Get('tokens')
  @Page('signed-in')
  tokenList(@CurrentUser() user: AuthUser) {
    return this.tokens.list(user);
  }

  @Post('tokens')
  @Page('signed-in')
  createToken(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.tokens.create(user, form);
  }

  @Post('tokens/:id/revoke')
  @Page('signed-in')
  revokeToken(@CurrentUser() user: AuthUser, @PathId(tokenNotFound) id: number) {
    return this.tokens.revoke(user, id);
  }

  @Get('users')
  @Page('admin')
  userList(@CurrentUser() user: AuthUser) {
    return this.users.list(user);
  }

  @Post('users/:id/grants')
  @Page('admin')
  grant(
    @CurrentUser() user: AuthUser,
    @PathId(badId('user_id')) id: number,
    @Body() form: unknown,
  ) {
    return this.users.grant(user, id, form);
  }

  @Post('users/:id/grants/:networkId/revoke')
  @Page('admin')
  revokeGrant(
    @CurrentUser() user: AuthUser,
    @PathId(badId('user_id')) id: number,
    @PathId(badId('network_id'), 'networkId') networkId: number,
  ) {
    return this.users.revoke(user, id, networkId);
  }
}
