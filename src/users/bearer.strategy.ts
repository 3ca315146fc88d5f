import { Injectable, OnModuleInit } from '@nestjs/common';
import { BearerAuthenticator } from '../common/auth/bearer-authenticator';
import { UsersService } from './users.service';

/**
 * The bearer token lookup (CONTRACT 3) that the global guard in common/auth runs: registered at
 * start-up, since users/ sits above common/. The token is read from `Authorization: Bearer`, the
 * `access_token` query parameter or the `access_token` body field (presentedBearerToken).
 */
@Injectable()
export class BearerStrategy implements OnModuleInit {
  constructor(
    private readonly users: UsersService,
    private readonly authenticator: BearerAuthenticator,
  ) {}

  onModuleInit(): void {
    this.authenticator.register((token) => this.users.authenticate(token));
  }
}
