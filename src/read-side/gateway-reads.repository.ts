import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { AsyncResource } from 'node:async_hooks';
import { BatchedReads } from '../database/batched-reads';
import { Dialect, SqlBuilder } from '../database/dialect';
import { DeviceConfig, NetworkSection, renderConfig } from '../device-config/config-document';
import { NetworkSections, rolloutContent, rolloutSsids } from '../device-config/network-sections';
import { chooseConfiguration, choiceFactsOf } from '../device-config/config-choice';
import { liveUplinksJson, parsedLiveUplinks } from './device-sql';
import { parsedSsid, SSID_CONTENT_COLUMNS, StoredSsid } from '../network-ssids/stored-ssid';
import { persistedValue } from '../database/persisted-value';
import { OPEN_STATUSES } from '../firmware/upgrade-lifecycle';
import { Upgrade } from '../firmware/upgrade.entity';
import { EventSubject } from '../devices/device-subjects.repository';

/** What the master inventory and the inventories say about one MAC. */
export interface CredentialFacts {
  /** The master inventory entry's secret hash; null: no entry, or an entry without a secret. */
  secretHash: string | null;
  /** The device holding the MAC and its organisation, or null when it is in no inventory. */
  holder: { device_id: number; organisation_id: number } | null;
}

/** Everything the device routes read about their device. */
export interface DeviceFacts {
  device: { id: number; part_number: string | null };
  /** Its configuration and the revision that names it. */
  config: DeviceConfig;
  /** The revision it last reported running, as its heartbeat record holds it. */
  appliedRevision: string | null;
  /** The firmware its heartbeat record holds (an upgrade's previous_version). */
  storedFirmware: string | null;
  /**
   * Whether the firmware lifecycle has something to do at a check-in without an upgrade report:
   * an upgrade in progress (to resume, complete or time out), or a pending one that is due or in
   * a rollout (whose stage may be open). A pending upgrade scheduled for later is not, until then.
   */
  upgradeInPlay: boolean;
  /**
   * Whether its heartbeat record is UP: false when recorded DOWN or never heard
   * from, and then its check-in records its device.up.
   */
  recordedUp: boolean;
  /** The device and its network as its events name them. */
  subject: EventSubject;
  /** The digest of the stations its last check-in with `stations` listed (null: none yet). */
  stationsDigest: string | null;
  /** Their live values as its heartbeat record keeps them (JSON text; null: none yet). */
  liveStations: string | null;
  /**
   * The configuration rollout whose configuration it is given, with its outcome in it (null:
   * it is given its network's).
   */
  rollout: { id: number; outcome: string; reported: boolean; watch_seconds: number } | null;
  /** Its commands queued or sent and unexpired, oldest first. */
  commands: {
    id: number;
    type: string;
    params: Record<string, unknown>;
    state: 'queued' | 'sent';
  }[];
}

/** A MAC's credentials with the facts of the device holding it (null when none does). */
export interface MacFacts extends CredentialFacts {
  facts: DeviceFacts | null;
}

interface FactsRow {
  secret_hash?: string | null;
  /** The master inventory's MAC (by MAC only: the device's is null when none holds it). */
  inventory_mac_id?: string;
  id: number | null;
  organisation_id: number | null;
  mac_id: string;
  name: string | null;
  label: string | null;
  part_number: string | null;
  network_id: number | null;
  network_name: string | null;
  timezone: string | null;
  applied_revision: string | null;
  firmware_version: string | null;
  uplinks: unknown;
  /** The network's SSIDs as JSON text (null: none, on PostgreSQL). */
  ssids: string | null;
  upgrade_in_play: number | string | boolean;
  recorded_up: number | boolean | null;
  stations_digest: string | null;
  stations: string | null;
  /** The open commands as JSON text (null: none, on PostgreSQL). */
  commands: string | null;
  config_version: number | string | null;
  /** The network's latest configuration rollout (null: none) and the device's place in it. */
  cr_id: number | string | null;
  cr_state: 'running' | 'halted' | 'completed' | null;
  cr_base_version: number | string | null;
  cr_stages: string | null;
  cr_reverted: number | string | null;
  cr_watch_seconds: number | string | null;
  /** Its SSIDs as JSON text, only for one of its devices. */
  cr_ssids: string | null;
  crd_stage: number | string | null;
  crd_outcome: string | null;
  crd_reported: number | string | null;
}

/** The command columns a device's row carries. */
const COMMAND_COLUMNS = ['id', 'type', 'params', 'state'] as const;

/** The open commands of a row's JSON text, oldest first (params kept as stored text). */
function openCommands(text: string | null): DeviceFacts['commands'] {
  if (text === null) {
    return [];
  }
  return (
    JSON.parse(text) as {
      id: number | string;
      type: string;
      params: string;
      state: 'queued' | 'sent';
    }[]
  ).map((c) => ({
    id: Number(c.id),
    type: c.type,
    params: JSON.parse(c.params) as Record<string, unknown>,
    state: c.state,
  }));
}

/** The most devices one statement reads (the rest of a turn's wait for the next). */
const READS_PER_STATEMENT = 500;

/** The SSID columns a device's row carries, each as its stored text (parsedSsid reads them). */
const SSID_COLUMNS = ['id', ...SSID_CONTENT_COLUMNS] as const;
type SsidRow = Omit<StoredSsid, 'location_network_id'>;

/**
 * The reads of the device routes' hot path, each ONE statement, shared by the requests
 * of one turn of the event loop (one round trip for many check-ins under load): what a
 * check-in or a configuration request needs about its device, by id or, while verifying credentials, by MAC
 * with the MAC's secret hash. They read across the tables of catalogue, devices, networks,
 * network-ssids, upgrades and device-state (heartbeats) because a check-in arrives thousands of
 * times a second and each statement costs a round trip; they only read, every write stays with
 * the table's owner. Only the columns the answers use, hydrated by hand (no entity metadata, no
 * date parsing).
 */
@Injectable()
export class GatewayReadsRepository {
  /** Credentials and facts by MAC, the MACs of one turn read together (BatchedReads). */
  private readonly macs: BatchedReads<string, FactsRow>;
  /** Facts by device id, the ids of one turn read together. */
  private readonly devices: BatchedReads<number, FactsRow>;
  private readonly sections = new NetworkSections();

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {
    // Reads start in the context this object was built in, never in a request's.
    const detached = AsyncResource.bind((start: () => void) => setImmediate(start));
    this.macs = new BatchedReads(
      async (macs) =>
        new Map(
          (
            await this.query(
              `mi."secret_hash", mi."mac_id" AS "inventory_mac_id"`,
              `"master_inventory" mi LEFT JOIN "devices" d ON d."mac_id" = mi."mac_id"`,
              (sql) => sql.inTexts('mi."mac_id"', macs),
            )
          ).map((row) => [row.inventory_mac_id!, row]),
        ),
      READS_PER_STATEMENT,
      detached,
    );
    this.devices = new BatchedReads(
      async (ids) =>
        new Map(
          (await this.query(null, `"devices" d`, (sql) => sql.inIds('d."id"', ids))).map((row) => [
            Number(row.id),
            row,
          ]),
        ),
      READS_PER_STATEMENT,
      detached,
    );
  }

  /**
   * The MAC's master inventory secret hash and the device holding it, with that device's facts:
   * DeviceCredentialsService reads them at once, so that a check-in whose credentials were not
   * cached still costs one statement (shared with the other check-ins of the moment).
   */
  async byMac(mac: string): Promise<MacFacts> {
    const row = await this.macs.load(mac);
    const secretHash = row?.secret_hash ?? null;
    const facts = secretHash === null || row!.id === null ? null : this.facts(row!);
    return {
      secretHash,
      holder: facts
        ? { device_id: facts.device.id, organisation_id: Number(row!.organisation_id) }
        : null,
      facts,
    };
  }

  /**
   * The organisation's device with what the device routes need: its MAC, name and hardware part
   * number, its network, that network's SSIDs and its live uplinks (the configuration), its
   * heartbeat record's applied revision and firmware, and whether an upgrade of it is in play.
   * Null when the organisation holds no such device (removed since it authenticated).
   */
  async byDevice(orgId: number, deviceId: number): Promise<DeviceFacts | null> {
    const row = await this.devices.load(deviceId);
    return row && Number(row.organisation_id) === orgId ? this.facts(row) : null;
  }

  /**
   * The one statement: the device `d` of `from` where `where`, with `extra` selected first. The
   * condition binds its parameters after the statement's own (SQLite binds by position).
   */
  private query(
    extra: string | null,
    from: string,
    where: (sql: SqlBuilder) => string,
  ): Promise<FactsRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const { dialect } = this;
    const ssids = dialect.jsonArrayAgg(
      dialect.jsonObject(SSID_COLUMNS.map((column) => [column, `s."${column}"`])),
      's."id"',
    );
    const open = OPEN_STATUSES.map((status) => `'${status}'`).join(', ');
    const commands = dialect.jsonArrayAgg(
      dialect.jsonObject(COMMAND_COLUMNS.map((column) => [column, `c."${column}"`])),
      'c."id"',
    );
    const at = persistedValue(this.txHost.tx, Upgrade, 'schedule_at', new Date());
    // Two marks of one instant: SQLite binds its marks by position, in the order they appear.
    const now = sql.param(at);
    const unexpired = sql.param(at);
    return this.dialect.preparedQuery<FactsRow>(
      this.txHost.tx,
      `SELECT ${extra ? `${extra}, ` : ''}d."id", d."organisation_id", d."mac_id", d."name", d."label",
         hp."part_number", n."id" AS "network_id", n."network_name", n."timezone",
         h."applied_revision", h."firmware_version", h."up" AS "recorded_up",
         h."stations_digest", h."stations", n."config_version",
         cr."id" AS "cr_id", cr."state" AS "cr_state", cr."base_version" AS "cr_base_version",
         cr."stages" AS "cr_stages", cr."watch_seconds" AS "cr_watch_seconds",
         CASE WHEN cr."reverted_at" IS NULL THEN 0 ELSE 1 END AS "cr_reverted",
         CASE WHEN crd."id" IS NULL THEN NULL ELSE cr."ssids" END AS "cr_ssids",
         crd."stage" AS "crd_stage", crd."outcome" AS "crd_outcome",
         CASE WHEN crd."reported_at" IS NULL THEN 0 ELSE 1 END AS "crd_reported",
         ${liveUplinksJson(dialect, 'd."id"')} AS "uplinks",
         CAST((SELECT ${ssids} FROM "network_ssids" s
          WHERE s."organisation_id" = d."organisation_id" AND s."location_network_id" = n."id")
          AS text) AS "ssids",
         CASE WHEN EXISTS (SELECT 1 FROM "upgrades" g
           WHERE g."organisation_id" = d."organisation_id" AND g."device_id" = d."id"
             AND g."status" IN (${open})
             AND (g."status" = 'in_progress' OR g."rollout_id" IS NOT NULL
                  OR g."schedule_type" IS NULL OR g."schedule_type" <> 'later'
                  OR g."schedule_at" <= ${now})) THEN 1 ELSE 0 END AS "upgrade_in_play",
         CAST((SELECT ${commands} FROM "commands" c
          WHERE c."device_id" = d."id" AND c."organisation_id" = d."organisation_id"
            AND c."state" IN ('queued', 'sent') AND c."expires_at" > ${unexpired}) AS text) AS "commands"
       FROM ${from}
       LEFT JOIN "hardware_parts" hp ON hp."id" = d."hardware_part_id"
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       LEFT JOIN "config_rollouts" cr ON cr."id" = n."latest_config_rollout_id"
       LEFT JOIN "config_rollout_devices" crd
         ON crd."config_rollout_id" = cr."id" AND crd."device_id" = d."id"
       WHERE ${where(sql)}`,
      sql.params,
    );
  }

  private facts(row: FactsRow): DeviceFacts {
    const device = { mac_id: row.mac_id, name: row.name, label: row.label };
    const choice = chooseConfiguration(choiceFactsOf(row));
    const fromRollout = choice.source === 'rollout';
    return {
      device: { id: Number(row.id), part_number: row.part_number },
      config: renderConfig(
        device,
        fromRollout ? this.rolloutSectionOf(row) : this.sectionOf(row),
        parsedLiveUplinks(this.dialect, row.uplinks),
      ),
      rollout: fromRollout
        ? {
            id: Number(row.cr_id),
            outcome: row.crd_outcome!,
            reported: Number(row.crd_reported) === 1,
            watch_seconds: Number(row.cr_watch_seconds),
          }
        : null,
      appliedRevision: row.applied_revision,
      storedFirmware: row.firmware_version,
      upgradeInPlay: Number(row.upgrade_in_play) === 1,
      recordedUp: Boolean(row.recorded_up),
      stationsDigest: row.stations_digest ?? null,
      liveStations: row.stations ?? null,
      commands: openCommands(row.commands),
      subject: {
        device: { id: Number(row.id), mac_id: row.mac_id, name: row.name },
        network:
          row.network_id === null
            ? null
            : { id: Number(row.network_id), network_name: row.network_name ?? '' },
      },
    };
  }

  /** The network part of a rollout's configuration, rendered once for all its devices. */
  private rolloutSectionOf(row: FactsRow): NetworkSection {
    const network = {
      id: Number(row.network_id),
      network_name: row.network_name!,
      timezone: row.timezone!,
    };
    return this.sections.of(network, rolloutContent(Number(row.cr_id), row.cr_ssids!), () =>
      rolloutSsids(network.id, row.cr_ssids!),
    );
  }

  /**
   * The network part of the row's configuration, rendered once for all the devices of a network:
   * remembered under the network's fields and its SSIDs' JSON text (NetworkSections).
   */
  private sectionOf(row: FactsRow): NetworkSection {
    const network =
      row.network_id === null
        ? null
        : { id: Number(row.network_id), network_name: row.network_name!, timezone: row.timezone! };
    const text = row.ssids ?? '[]';
    return this.sections.of(network, text, () =>
      (JSON.parse(text) as SsidRow[]).map((ssid) =>
        parsedSsid({ ...ssid, id: Number(ssid.id), location_network_id: network!.id }),
      ),
    );
  }
}
