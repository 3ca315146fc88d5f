import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { AuthUser } from '../common/auth/auth-user';
import { UsersService } from './users.service';

/**
 * Registered by UsersModule (it needs the users); the global guard in common/auth uses it by name.
 * passport-http-bearer reads the token from `Authorization: Bearer`, the `access_token` query
 * parameter or the `access_token` body field.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly users: UsersService) {
    super();
  }

  /**
   * passport-http-bearer hands over whatever the request carried: a repeated `access_token` query
   * parameter arrives as an array and a body field may be a number or an object. Only a string is
   * a token (401 1028 otherwise, not a 500).
   */
  async validate(token: unknown): Promise<AuthUser | false> {
    return (typeof token === 'string' && (await this.users.authenticate(token))) || false;
  }
}
