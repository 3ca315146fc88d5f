import { Module } from '@nestjs/common';
import { AlertConditionsRepository } from './alert-conditions.repository';
import { ClientReadsRepository } from './client-reads.repository';
import { ConfigSubjectsRepository } from './config-subjects.repository';
import { DeviceRecordRowsRepository } from './device-record-rows.repository';
import { DeviceStatusCountsRepository } from './device-status-counts.repository';
import { DeviceStatusesRepository } from './device-statuses.repository';
import { FleetTalliesRepository } from './fleet-tallies.repository';
import { GatewayReadsRepository } from './gateway-reads.repository';
import { OverviewCountsRepository } from './overview-counts.repository';

const READ_MODELS = [
  AlertConditionsRepository,
  ClientReadsRepository,
  ConfigSubjectsRepository,
  DeviceRecordRowsRepository,
  DeviceStatusCountsRepository,
  DeviceStatusesRepository,
  FleetTalliesRepository,
  GatewayReadsRepository,
  OverviewCountsRepository,
];

/**
 * The one read side: the read models that answer in one statement across owners' tables,
 * read-only (devices with heartbeats, Wi-Fi client sessions, the alert evaluation's conditions, uplinks, tags, upgrades, networks, SSIDs, the catalogue).
 * Each is a repository of raw SQL built with the dialect's SqlBuilder, filtered by the one
 * filter builder (`device-filter.ts`) and embedding the one text of each device read
 * (`device-sql.ts`); rows are rendered by the owners' pure rules. Every write stays with the
 * table's owner.
 */
@Module({ providers: READ_MODELS, exports: READ_MODELS })
export class ReadSideModule {}
