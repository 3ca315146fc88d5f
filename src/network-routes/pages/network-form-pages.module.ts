import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../../access-points/access-points.module';
import { TemplatesPageService } from './templates-page.service';
import { DevicesModule } from '../../devices/devices.module';
import { NetworkSsidsModule } from '../../network-ssids/network-ssids.module';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { NetworkRoutesModule } from '../network-routes.module';
import { NetworkFormPagesController } from './network-form-pages.controller';
import { NetworkFormPagesService } from './network-form-pages.service';
import { NetworkRollbackPageService } from './network-rollback-page.service';
import { SsidFormPagesService } from './ssid-form-pages.service';

/**
 * The console's network and SSID forms and the templates page, on the services of the JSON
 * routes (NetworkRoutesModule's, NetworkSsidsService); the network page (console/) links to them.
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
  controllers: [NetworkFormPagesController],
  providers: [
    NetworkFormPagesService,
    NetworkRollbackPageService,
    SsidFormPagesService,
    TemplatesPageService,
  ],
})
export class NetworkFormPagesModule {}
