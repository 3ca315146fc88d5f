import { ClientsModule } from './clients/clients.module';
import { ConfigDraftsModule } from './config-drafts/config-drafts.module';
import { ConfigRevisionsModule } from './config-revisions/config-revisions.module';
import { ConfigRolloutsModule } from './config-rollouts/config-rollouts.module';
import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DestinationStream } from 'pino';
import { APP_CONFIG_KEY, AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { isDatabaseUnavailable } from './database/database-unavailable';
import { ENTITIES } from './entities';
import { DatabaseModule } from './database/database.module';
import { initializeMigrated } from './database/startup-lock';
import { AuthModule } from './common/auth/auth.module';
import { createValidationPipe } from './common/validation';
import { DomainErrorFilter } from './common/errors/domain-error.filter';
import { UnexpectedErrorFilter } from './common/errors/unexpected-error.filter';
import { LoggingModule } from './common/logging/logging.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { UsersModule } from './users/users.module';
import { NetworkAccessModule } from './network-access/network-access.module';
import { AdminModule } from './admin/admin.module';
import { EventsModule } from './events/events.module';
import { FleetHistoryModule } from './fleet-history/fleet-history.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { AlertsModule } from './alerts/alerts.module';
import { AlertPagesModule } from './alerts/pages/alert-pages.module';
import { CommandPagesModule } from './commands/pages/command-pages.module';
import { CommandsModule } from './commands/commands.module';
import { WebhookPagesModule } from './webhooks/pages/webhook-pages.module';
import { NetworkRoutesModule } from './network-routes/network-routes.module';
import { NetworkFormPagesModule } from './network-routes/pages/network-form-pages.module';
import { DemoModule } from './demo/demo.module';
import { WebModule } from './web/web.module';
import { UpgradePagesModule } from './upgrades/pages/upgrade-pages.module';
import { NetworkSsidsModule } from './network-ssids/network-ssids.module';
import { AccessPointsModule } from './access-points/access-points.module';
import { UpgradesModule } from './upgrades/upgrades.module';
import { TagsModule } from './tags/tags.module';
import { DeviceGatewayModule } from './device-gateway/device-gateway.module';
import { OverviewModule } from './overview/overview.module';
import { RolloutsModule } from './rollouts/rollouts.module';
import { ConsoleModule } from './console/console.module';
import { DraftPagesModule } from './config-drafts/pages/draft-pages.module';
import { ConfigRolloutPagesModule } from './config-rollouts/pages/config-rollout-pages.module';
import { TeamsModule } from './teams/teams.module';
import { TeamsPagesModule } from './teams/pages/teams-pages.module';

/** Feature modules; each issue adds its module here. */
const FEATURE_MODULES = [
  AdminModule,
  NetworkRoutesModule,
  NetworkFormPagesModule,
  NetworkSsidsModule,
  ConfigDraftsModule,
  DraftPagesModule,
  ConfigRevisionsModule,
  ConfigRolloutsModule,
  ConfigRolloutPagesModule,
  WebModule,
  UpgradePagesModule,
  UpgradesModule,
  AccessPointsModule,
  TagsModule,
  DeviceGatewayModule,
  EventsModule,
  FleetHistoryModule,
  WebhooksModule,
  WebhookPagesModule,
  AlertsModule,
  AlertPagesModule,
  CommandPagesModule,
  CommandsModule,
  OverviewModule,
  RolloutsModule,
  ClientsModule,
  TeamsModule,
  TeamsPagesModule,
  ConsoleModule,
];

export interface AppModuleOptions {
  /** Where log lines go instead of stdout (the log tests read them). */
  logDestination?: DestinationStream;
  /**
   * Run the pending migrations at start (default). False for the worker processes that start
   * after the first one has (WEB_CONCURRENCY, src/cluster.ts): migrations run once.
   */
  migrate?: boolean;
}

/**
 * An unreachable database at start: one more try a second later, then the start fails (main.ts
 * prints one line naming DATABASE_URL). With the pool's 3 s connection timeout a start gives up
 * within 7 s, where TypeORM's default (nine tries, 3 s apart) took half a minute.
 */
const START_RETRY = { retryAttempts: 2, retryDelay: 1000, toRetry: isDatabaseUnavailable };

@Module({})
export class AppModule {
  /** The whole application for one validated configuration (main.ts, the CLI and the tests). */
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          load: [() => ({ [APP_CONFIG_KEY]: config })],
        }),
        LoggingModule.forRoot(config.logLevel, options.logDestination),
        TypeOrmModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (configService: ConfigService) => ({
            ...dataSourceOptions(
              configService.getOrThrow<AppConfig>(APP_CONFIG_KEY).database,
              ENTITIES,
            ),
            ...START_RETRY,
          }),
          // Migrations run at start, under a lock so that instances starting together take turns.
          dataSourceFactory: (dataSourceOptions) =>
            initializeMigrated(dataSourceOptions!, options.migrate ?? true),
        }),
        // The transactions' plugin only: UnitOfWork opens its own CLS context per transaction.
        // ClsModule.forRoot would also install a global guard and interceptor that do nothing
        // here, on every request (an rxjs pipe and an AsyncResource.bind each time).
        ClsModule.registerPlugins([
          new ClsPluginTransactional({
            imports: [TypeOrmModule],
            adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }),
          }),
        ]),
        DatabaseModule,
        RateLimitModule,
        AuthModule,
        HealthModule,
        MetricsModule,
        UsersModule,
        NetworkAccessModule,
        DemoModule,
        ...FEATURE_MODULES,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        // The catch-all filter is declared first so that the specific one is tried before it.
        { provide: APP_FILTER, useClass: UnexpectedErrorFilter },
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
    };
  }
}
