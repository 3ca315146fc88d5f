import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CheckinHeartbeat } from '../device-state/checkin-heartbeat';
import { HeartbeatWriterService } from '../device-state/heartbeat-writer.service';
import { DevicePrincipal } from '../common/identity/device-principal';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { DeviceTransitionsService } from '../device-state/device-transitions.service';
import { FirmwarePorts, HandedOutUpgrade } from '../firmware/firmware-ports';
import { CONFIG_URL } from './config-url';
import { deviceNotClaimed } from './device-gateway.errors';
import { CheckinDto } from './dto/checkin.dto';
import { DeviceCredentialsService } from './device-credentials.service';
import { DeviceFacts, GatewayReadsRepository } from '../read-side/gateway-reads.repository';
import { DeviceCommandsService } from '../commands/device-commands.service';
import { ClientStationsService } from '../device-state/client-stations.service';
import {
  continuedLiveJson,
  parsedLiveStations,
  ReportedStation,
  stationsDigest,
} from '../device-state/station-plan';
import { normaliseMac } from '../common/mac/mac';
import { StationDto } from './dto/station.dto';
import {
  checkinOutcome,
  ConfigRolloutCheckins,
} from '../config-rollouts/config-rollout-checkins.service';

/** The answer to a check-in. */
export interface CheckinAnswer {
  checkin_interval: number;
  config: { revision: string; url: string } | null;
  upgrade: HandedOutUpgrade | null;
  /** Its queued and sent commands, oldest first. */
  commands: { id: number; type: string; params: Record<string, unknown> }[];
}

/**
 * Whether a check-in reports a revision other than the one last reported: only then
 * is the applied revision written, so that a copy of the stored report never undoes a later one.
 */
export function reportsNewRevision(body: CheckinDto, facts: DeviceFacts): boolean {
  return body.config_revision !== undefined && body.config_revision !== facts.appliedRevision;
}

/**
 * The configuration error a check-in records: only one about the device's current
 * revision counts; an error about another revision neither replaces nor clears the recorded one.
 */
export function currentConfigError(
  body: CheckinDto,
  currentRevision: string,
): CheckinDto['config_error'] {
  return body.config_error?.revision === currentRevision ? body.config_error : undefined;
}

/** A validated station entry with its MAC in stored form (connected_seconds is not kept). */
export function reportedStation(entry: StationDto): ReportedStation {
  const { mac, ssid, band, channel, rssi, tx_rate_kbps, rx_rate_kbps, tx_bytes, rx_bytes } = entry;
  return {
    mac: normaliseMac(mac)!,
    ssid,
    band,
    channel,
    rssi,
    tx_rate_kbps,
    rx_rate_kbps,
    tx_bytes,
    rx_bytes,
    ip: entry.ip,
    hostname: entry.hostname,
  };
}

/**
 * A device check-in. The steady state (nothing to hand out) is ONE statement of its
 * own: the device read fresh (a removed device is refused at once) with its configuration, its
 * stored report and whether an upgrade of it is in play, by GatewayReadsRepository (with the
 * credentials when they were not cached); its heartbeat and configuration report then join
 * HeartbeatWriterService's group commit, and the answer waits until that batch has committed.
 * An upgrade in play, or a report about one, adds the firmware lifecycle
 * (UpgradeLifecycleService.checkIn: its upgrades, a report's conditional update, the firmware
 * lookup of an upgrade handed out, a rollout's lock and settling), in one transaction with the
 * heartbeat. Stations whose digest equals the stored one (the same clients, SSIDs, bands,
 * addresses and host names) change no session: their live values ride in the heartbeat's
 * upsert. Other stations are recorded in a transaction (ClientStationsService.record).
 */
@Injectable()
export class CheckinService {
  constructor(
    private readonly reads: GatewayReadsRepository,
    private readonly credentials: DeviceCredentialsService,
    private readonly heartbeats: HeartbeatWriterService,
    private readonly firmware: FirmwarePorts,
    private readonly changes: ChangeRunner,
    private readonly transitions: DeviceTransitionsService,
    private readonly deviceCommands: DeviceCommandsService,
    private readonly stations: ClientStationsService,
    private readonly config: ConfigService,
    private readonly rolloutCheckins: ConfigRolloutCheckins,
  ) {}

  async checkIn(
    principal: DevicePrincipal,
    body: CheckinDto,
    sourceIp: string,
  ): Promise<CheckinAnswer> {
    const orgId = principal.organisation_id;
    const at = new Date();
    const facts =
      this.credentials.takeFacts(principal) ??
      (await this.reads.byDevice(orgId, principal.device_id));
    if (!facts) {
      throw deviceNotClaimed(principal.mac_id); // removed since its credentials were cached
    }
    const current = facts.config;
    const listed = body.stations?.map(reportedStation);
    // Compared first: the same clients as before, described alike, change no session row, and
    // only their live values are written (with the heartbeat, by group commit).
    const digest = listed === undefined ? undefined : stationsDigest(listed);
    const stationsChanged = digest !== undefined && digest !== facts.stationsDigest;
    const heartbeat: CheckinHeartbeat = {
      device_id: facts.device.id,
      organisation_id: orgId,
      at,
      name: body.name,
      firmware_version: body.firmware_version,
      hardware_model: body.hardware_model,
      network_name: current.document.network?.network_name ?? null,
      public_ip: body.public_ip ?? sourceIp,
      clients: listed?.length ?? body.clients,
      stations:
        listed === undefined || stationsChanged
          ? undefined
          : {
              live: continuedLiveJson(parsedLiveStations(facts.liveStations), listed),
              digest: digest!,
            },
      uptime_seconds: body.uptime_seconds,
      applied_revision: reportsNewRevision(body, facts) ? body.config_revision : undefined,
      config_error: currentConfigError(body, current.revision),
    };
    const lifecycle = facts.upgradeInPlay || body.upgrade !== undefined;
    // A new configuration report is recorded by conditional updates with its event.
    const report = { applied: heartbeat.applied_revision, error: heartbeat.config_error };
    const reporting = report.applied !== undefined || report.error !== undefined;
    const device = {
      id: facts.device.id,
      organisation_id: orgId,
      part_number: facts.device.part_number,
    };
    // The steady state: a device recorded UP, with no upgrade in play and nothing new to report,
    // is written by group commit, unless the DOWN sweep turned it DOWN meanwhile; then, like a
    // device recorded DOWN, it is written in a change of its own with its device.up.
    // Commands to mark sent (their first hand-out) or results to record need a transaction too.
    const results = body.command_results ?? [];
    const commanding = results.length > 0 || facts.commands.some((c) => c.state === 'queued');
    let commands = facts.commands;
    let roamedFrom: number[] = [];
    // A device of a configuration rollout that reports an error about its revision, or runs it
    // for the first time: its outcome moves by a conditional update in the change below.
    const rolloutReport = {
      running: body.config_revision ?? facts.appliedRevision,
      error: body.config_error,
      current: current.revision,
    };
    const rolloutOutcome = checkinOutcome(facts.rollout, rolloutReport);
    const batched =
      !lifecycle &&
      !reporting &&
      !commanding &&
      !stationsChanged &&
      rolloutOutcome === null &&
      facts.recordedUp
        ? await this.heartbeats.recordBatched(heartbeat)
        : false;
    const upgrade = batched
      ? null
      : await this.changes.run(
          orgId,
          async (change) => {
            const handedOut = lifecycle
              ? await this.firmware.checkins.checkIn(change, {
                  device,
                  report: body.upgrade,
                  firmwareVersion: body.firmware_version,
                  // Before this check-in: the stored record (every answered check-in is in it).
                  knownFirmware: () => Promise.resolve(facts.storedFirmware),
                  subject: facts.subject,
                })
              : null;
            const written = {
              ...heartbeat,
              applied_revision: undefined,
              config_error: undefined,
            };
            if (listed !== undefined) {
              // Before the heartbeat: sessions that end take their live values from its record.
              const recorded = await this.stations.record(
                orgId,
                { ...facts.subject.device, network: facts.subject.network },
                parsedLiveStations(facts.liveStations),
                listed,
                at,
              );
              roamedFrom = recorded.roamedFrom;
              written.stations = { live: JSON.stringify(recorded.live), digest: digest! };
            }
            if (await this.heartbeats.recordInChange(written)) {
              const by = { type: 'device' as const };
              change.record(await this.transitions.up(orgId, device.id, by, at, facts.subject));
            }
            if (commanding) {
              const handed = await this.deviceCommands.checkIn(
                orgId,
                facts.subject,
                facts.commands,
                results,
                at,
              );
              handed.events.forEach((event) => change.record(event));
              commands = handed.handOut;
            }
            if (rolloutOutcome !== null) {
              await this.rolloutCheckins.record(
                orgId,
                device.id,
                facts.rollout!,
                rolloutOutcome,
                rolloutReport,
                at,
              );
            }
            if (reporting) {
              const events = await this.transitions.configReported(
                orgId,
                facts.subject,
                report,
                current.revision,
                at,
              );
              events.forEach((event) => change.record(event));
            }
            return handedOut;
          },
          {},
          at,
        );
    await this.stations.forgetDigests(orgId, roamedFrom);
    return {
      checkin_interval:
        this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).deviceCheckinIntervalSeconds,
      config:
        body.config_revision === current.revision
          ? null
          : { revision: current.revision, url: CONFIG_URL },
      upgrade,
      commands: commands.map(({ id, type, params }) => ({ id, type, params })),
    };
  }
}
