import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { DeviceConfigModule } from '../device-config/device-config.module';
import { DevicesModule } from '../devices/devices.module';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { AlertEvaluator } from './alert-evaluator.service';
import { ReadSideModule } from '../read-side/read-side.module';
import { AlertWatchesRepository } from './alert-watches.repository';
import { AlertEvents } from './alert-events';
import { AlertNotifier } from './alert-notifier';
import { AlertRulesController } from './alert-rules.controller';
import { AlertRulesRepository } from './alert-rules.repository';
import { AlertRulesService } from './alert-rules.service';
import { AlertsController } from './alerts.controller';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';
import { ConfigAlertStates } from './config-alert-states';
import { AlertMailModule } from './mail/alert-mail.module';
import { AlertMailQueue } from './mail/alert-mail-queue';

/** Alerts: the rules, the alerts, the evaluation every instance runs, e-mail. */
@Module({
  imports: [
    BackgroundModule,
    EventLogModule,
    DeviceConfigModule,
    FleetChangeModule,
    DevicesModule,
    NetworksModule,
    OrganisationsModule,
    ReadSideModule,
    AlertMailModule,
  ],
  controllers: [AlertRulesController, AlertsController],
  providers: [
    AlertRulesRepository,
    AlertsRepository,
    AlertWatchesRepository,
    AlertRulesService,
    AlertsService,
    AlertEvents,
    AlertEvaluator,
    ConfigAlertStates,
    { provide: AlertNotifier, useExisting: AlertMailQueue },
  ],
  exports: [AlertsService, AlertRulesService],
})
export class AlertsModule {}
