import { Module } from '@nestjs/common';
import { DatabaseHealth } from './database-health';
import { HealthController } from './health.controller';
import { RedisHealth } from './redis-health';

@Module({
  controllers: [HealthController],
  providers: [DatabaseHealth, RedisHealth],
})
export class HealthModule {}
