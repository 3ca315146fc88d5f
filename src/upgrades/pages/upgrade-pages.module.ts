import { Module } from '@nestjs/common';
import { WebModule } from '../../web/web.module';
import { UpgradesModule } from '../upgrades.module';
import { UpgradePagesController } from './upgrade-pages.controller';
import { UpgradePagesService } from './upgrade-pages.service';
import { RolloutPagesController } from './rollout-pages.controller';
import { RolloutPagesService } from './rollout-pages.service';

/** The browser pages of upgrades (issue 6) and rollouts (DEVICES 6), on top of their services. */
@Module({
  imports: [WebModule, UpgradesModule],
  controllers: [UpgradePagesController, RolloutPagesController],
  providers: [UpgradePagesService, RolloutPagesService],
})
export class UpgradePagesModule {}
