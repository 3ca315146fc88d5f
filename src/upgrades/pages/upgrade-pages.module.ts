import { Module } from '@nestjs/common';
import { WebModule } from '../../web/web.module';
import { UpgradesModule } from '../upgrades.module';
import { UpgradePagesController } from './upgrade-pages.controller';
import { UpgradePagesService } from './upgrade-pages.service';
import { RolloutPagesService } from './rollout-pages.service';
import { UpgradeRequestPagesService } from './upgrade-request-pages.service';

/** The browser pages of upgrades, upgrade requests and rollouts, on top of their services. */
@Module({
  imports: [WebModule, UpgradesModule],
  controllers: [UpgradePagesController],
  providers: [UpgradePagesService, RolloutPagesService, UpgradeRequestPagesService],
})
export class UpgradePagesModule {}
