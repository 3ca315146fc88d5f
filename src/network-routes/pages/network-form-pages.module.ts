import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../../access-points/access-points.module';
import { TemplatesPageController } from './templates-page.controller';
import { TemplatesPageService } from './templates-page.service';
import { DevicesModule } from '../../devices/devices.module';
import { NetworkSsidsModule } from '../../network-ssids/network-ssids.module';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { NetworkRoutesModule } from '../network-routes.module';
import { NetworkFormPagesController } from './network-form-pages.controller';
import { NetworkFormPagesService } from './network-form-pages.service';
import { NetworkRollbackPageService } from './network-rollback-page.service';
import { SsidFormPagesController } from './ssid-form-pages.controller';
import { SsidFormPagesService } from './ssid-form-pages.service';

/**
 * The console's network and SSID forms and the templates page (issue 29), on the services of the JSON routes
 * (NetworkRoutesModule's, NetworkSsidsService); the network page (console/) links to them.
 */
@Module({
  imports: [
    WebModule,
    NetworkRoutesModule,
    NetworksModule,
    NetworkSsidsModule,
    DevicesModule,
    AccessPointsModule,
  ],
  controllers: [NetworkFormPagesController, SsidFormPagesController, TemplatesPageController],
  providers: [
    NetworkFormPagesService,
    NetworkRollbackPageService,
    SsidFormPagesService,
    TemplatesPageService,
  ],
})
export class NetworkFormPagesModule {}
