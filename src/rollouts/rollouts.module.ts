import { Module } from '@nestjs/common';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { RolloutsController } from './rollouts.controller';

/**
 * `/v1/rollouts`: a routes module; the rollouts table and its rules belong to
 * upgrades (the stage transitions are decided in the transactions that change upgrades).
 */
@Module({
  imports: [UpgradesModule],
  controllers: [RolloutsController],
})
export class RolloutsModule {}
