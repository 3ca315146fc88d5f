import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { FastifyReply } from 'fastify';
import { Public } from '../common/auth/decorators';
import { RedisHealth } from './redis-health';

interface HealthBody {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  redis?: 'up' | 'down';
}

/**
 * `GET /health` (CONTRACT 1, 9): 200 when the database answers, 503 otherwise, within about two
 * seconds either way. With REDIS_URL set the body also reports Redis, which never makes the
 * check fail: rate limiting falls back to per-instance counters without it.
 */
@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealth,
  ) {}

  @Public()
  @Get()
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up', redis: 'up' } } })
  @ApiServiceUnavailableResponse({
    schema: { example: { status: 'error', database: 'down', redis: 'up' } },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthBody> {
    const [databaseUp, redisUp] = await Promise.all([
      this.databaseUp(),
      this.redis.configured ? this.redis.isUp() : Promise.resolve(null),
    ]);
    const body: HealthBody = databaseUp
      ? { status: 'ok', database: 'up' }
      : { status: 'error', database: 'down' };
    if (redisUp !== null) {
      body.redis = redisUp ? 'up' : 'down';
    }
    if (!databaseUp) {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    }
    return body;
  }

  private async databaseUp(): Promise<boolean> {
    try {
      await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
      return true;
    } catch {
      return false;
    }
  }
}
