import { Module } from '@nestjs/common';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { ConfigRolloutsModule } from '../config-rollouts.module';
import { ConfigRolloutPagesController } from './config-rollout-pages.controller';
import { ConfigRolloutPagesService } from './config-rollout-pages.service';

/** The browser pages of configuration rollouts, on ConfigRolloutsService. */
@Module({
  imports: [WebModule, ConfigRolloutsModule, NetworksModule],
  controllers: [ConfigRolloutPagesController],
  providers: [ConfigRolloutPagesService],
})
export class ConfigRolloutPagesModule {}
