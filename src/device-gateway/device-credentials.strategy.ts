import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import { parseBasicAuthorization } from '../common/auth/basic-credentials';
import { DevicePrincipal } from '../common/identity/device-principal';
import { DeviceUnauthenticatedError } from '../common/errors';
import { DeviceCredentialsService } from './device-credentials.service';

/**
 * The `device` passport strategy, registered by DeviceGatewayModule; the global
 * authentication guard in common/auth runs it by name on @DeviceRoute() routes. passport-http's
 * Basic strategy is not used: it cuts the password at its second colon, and device secrets may
 * contain colons (RFC 7617: the password is everything after the first one).
 */
@Injectable()
export class DeviceCredentialsStrategy extends PassportStrategy(Strategy, 'device') {
  constructor(private readonly credentials: DeviceCredentialsService) {
    super();
  }

  async validate(request: FastifyRequest): Promise<DevicePrincipal> {
    const basic = parseBasicAuthorization(request.headers.authorization);
    if (!basic) {
      throw new DeviceUnauthenticatedError();
    }
    return this.credentials.verify(basic.user, basic.password);
  }
}
