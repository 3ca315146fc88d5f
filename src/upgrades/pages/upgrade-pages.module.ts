import { Module } from '@nestjs/common';
import { WebModule } from '../../web/web.module';
import { UpgradesModule } from '../upgrades.module';
import { UpgradePagesController } from './upgrade-pages.controller';
import { UpgradePagesService } from './upgrade-pages.service';

/** The browser pages of upgrades (issue 6), on top of UpgradesService. */
@Module({
  imports: [WebModule, UpgradesModule],
  controllers: [UpgradePagesController],
  providers: [UpgradePagesService],
})
export class UpgradePagesModule {}
