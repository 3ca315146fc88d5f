import { Module } from '@nestjs/common';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { AlertsModule } from '../alerts.module';
import { AlertListPageController } from './alert-list-page.controller';
import { AlertListPageService } from './alert-list-page.service';
import { AlertRulePagesController } from './alert-rule-pages.controller';
import { AlertRulePagesService } from './alert-rule-pages.service';

/** The console's alert pages (issue 27): the Alerts page and the alert rules, on AlertsModule. */
@Module({
  imports: [WebModule, AlertsModule, NetworksModule],
  controllers: [AlertListPageController, AlertRulePagesController],
  providers: [AlertListPageService, AlertRulePagesService],
})
export class AlertPagesModule {}
