import { Module } from '@nestjs/common';
import { WebModule } from '../../web/web.module';
import { UpgradesModule } from '../upgrades.module';
import { UpgradePagesController } from './upgrade-pages.controller';
import { UpgradePagesService } from './upgrade-pages.service';
import { RolloutPagesController } from './rollout-pages.controller';
import { RolloutPagesService } from './rollout-pages.service';
import { UpgradeRequestPagesController } from './upgrade-request-pages.controller';
import { UpgradeRequestPagesService } from './upgrade-request-pages.service';

/**
 * The browser pages of upgrades (issue 6), upgrade requests (issue 29) and rollouts (DEVICES 6),
 * on top of their services.
 */
@Module({
  imports: [WebModule, UpgradesModule],
  controllers: [UpgradeRequestPagesController, UpgradePagesController, RolloutPagesController],
  providers: [UpgradePagesService, RolloutPagesService, UpgradeRequestPagesService],
})
export class UpgradePagesModule {}
