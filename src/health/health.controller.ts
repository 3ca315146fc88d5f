import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { FastifyReply } from 'fastify';
import { Public } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { DatabaseUnavailableError } from '../common/errors/database-unavailable.error';
import { DatabaseHealth } from './database-health';
import { RedisHealth } from './redis-health';

/** The health answer; open to the fields a check may add (e.g. `redis`). */
const HEALTH_SCHEMA = {
  type: 'object' as const,
  required: ['status', 'database'],
  properties: {
    status: { type: 'string' as const, enum: ['ok', 'error'] },
    database: { type: 'string' as const, enum: ['up', 'down'] },
    redis: { type: 'string' as const, enum: ['up', 'down'] },
    msg: { type: 'string' as const },
    error_code: { type: 'integer' as const, enum: [ApiErrorCode.ServiceUnavailable] },
  },
  additionalProperties: true,
};

interface HealthBody {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  redis?: 'up' | 'down';
  msg?: string;
  error_code?: ApiErrorCode.ServiceUnavailable;
}

/**
 * `GET /health`: 200 when the database answers, 503 otherwise, within about two
 * seconds either way. With REDIS_URL set the body also reports Redis, which never makes the
 * check fail: rate limiting falls back to per-instance counters without it.
 */
@ApiTags('operations')
@SkipThrottle() // Load balancers probe it as often as they like
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisHealth,
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
  @ApiOkResponse({ schema: HEALTH_SCHEMA, example: { status: 'ok', database: 'up', redis: 'up' } })
  @ApiServiceUnavailableResponse({
    description: 'The database is unreachable',
    schema: HEALTH_SCHEMA,
    example: {
      status: 'error',
      database: 'down',
      redis: 'up',
      msg: 'The database is unreachable, retry later',
      error_code: 1040,
    },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthBody> {
    const [databaseUp, redisUp] = await Promise.all([
      this.database.isUp(),
      this.redis.configured ? this.redis.isUp() : Promise.resolve(null),
    ]);
    const body: HealthBody = {
      status: databaseUp ? 'ok' : 'error',
      database: databaseUp ? 'up' : 'down',
    };
    if (redisUp !== null) {
      body.redis = redisUp ? 'up' : 'down';
    }
    if (!databaseUp) {
      // Every error body carries msg and error_code; 503 says when to come back.
      const outage = new DatabaseUnavailableError();
      Object.assign(body, outage.body());
      void reply.status(outage.httpStatus).headers(outage.headers());
    }
    return body;
  }
}
