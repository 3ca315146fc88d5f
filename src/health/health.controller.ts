import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { FastifyReply } from 'fastify';
import { Public } from '../common/auth/decorators';

/** `GET /health` (CONTRACT 1): 200 when the database answers, 503 otherwise. */
@ApiTags('operations')
@SkipThrottle() // CONTRACT 9: load balancers probe it as often as they like
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  @Public()
  @Get()
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  @ApiServiceUnavailableResponse({ schema: { example: { status: 'error', database: 'down' } } })
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    try {
      await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
      return { status: 'ok', database: 'up' };
    } catch {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', database: 'down' };
    }
  }
}
