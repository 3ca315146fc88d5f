import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { FastifyReply } from 'fastify';
import { Public } from '../common/auth/decorators';

/** The health answer; open to the fields a check may add (e.g. `redis`). */
const HEALTH_SCHEMA = {
  type: 'object' as const,
  required: ['status', 'database'],
  properties: {
    status: { type: 'string' as const, enum: ['ok', 'error'] },
    database: { type: 'string' as const, enum: ['up', 'down'] },
  },
  additionalProperties: true,
};

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
  @ApiOperation({
    operationId: 'health',
    description:
      'For load balancers: 200 while the database answers, 503 otherwise. Never rate-limited.',
    summary: 'Whether the service and its database answer (for load balancers); no token',
    security: [],
  })
  @ApiOkResponse({ schema: HEALTH_SCHEMA, example: { status: 'ok', database: 'up' } })
  @ApiServiceUnavailableResponse({
    description: 'The database is unreachable',
    schema: HEALTH_SCHEMA,
    example: { status: 'error', database: 'down' },
  })
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
