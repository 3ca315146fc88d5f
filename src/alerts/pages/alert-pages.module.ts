import { Module } from '@nestjs/common';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { AlertsModule } from '../alerts.module';
import { AlertListPageService } from './alert-list-page.service';
import { AlertPagesController } from './alert-pages.controller';
import { AlertRulePagesService } from './alert-rule-pages.service';

/** The console's alert pages: the Alerts page and the alert rules, on AlertsModule. */
@Module({
  imports: [WebModule, AlertsModule, NetworksModule],
  controllers: [AlertPagesController],
  providers: [AlertListPageService, AlertRulePagesService],
})
export class AlertPagesModule {}
