import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HeartbeatsRepository } from '../access-points/heartbeats.repository';
import { DevicePrincipal } from '../common/auth/device-principal';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { DeviceConfigService } from '../device-config/device-config.service';
import { DevicesRepository } from '../devices/devices.repository';
import { HandedOutUpgrade, UpgradeLifecycleService } from '../upgrades/upgrade-lifecycle.service';
import { CONFIG_URL } from './config-url';
import { deviceNotClaimed } from './device-gateway.errors';
import { CheckinDto } from './dto/checkin.dto';

/** The answer to a check-in (DEVICES 3). */
export interface CheckinAnswer {
  checkin_interval: number;
  config: { revision: string; url: string } | null;
  upgrade: HandedOutUpgrade | null;
}

/**
 * A device check-in (DEVICES 3): a heartbeat, configuration bookkeeping and the firmware
 * lifecycle, in one transaction with a constant number of statements: the device (1) with its
 * live uplinks (1), its network and SSIDs (2, none outside a network), its open upgrades (1),
 * the heartbeat upsert (1); a report adds the known firmware (1) and its conditional update (1), and
 * an upgrade handed out adds its firmware lookup (1) and, in progress, the check-in mark (1). A
 * pending upgrade of a rollout adds its rollout (1); a report on an upgrade of a rollout adds the
 * rollout's lock and its settling (DEVICES 6), the same few statements whatever its size.
 */
@Injectable()
export class CheckinService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly configs: DeviceConfigService,
    private readonly heartbeats: HeartbeatsRepository,
    private readonly lifecycle: UpgradeLifecycleService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: ConfigService,
  ) {}

  checkIn(principal: DevicePrincipal, body: CheckinDto, sourceIp: string): Promise<CheckinAnswer> {
    const orgId = principal.organisation_id;
    const at = new Date();
    return this.unitOfWork.run(async () => {
      const [device] = await this.devices.findWithUplinks(orgId, [principal.device_id]);
      if (!device) {
        throw deviceNotClaimed(); // removed since its credentials were cached
      }
      const current = (await this.configs.currentFor(orgId, [device])).get(device.id)!;
      const upgrade = await this.lifecycle.checkIn({
        device: {
          id: device.id,
          organisation_id: orgId,
          part_number: device.hardware_part?.part_number ?? null,
        },
        report: body.upgrade,
        firmwareVersion: body.firmware_version,
        knownFirmware: async () =>
          (await this.heartbeats.findForDevice(device.id))?.firmware_version ?? null,
        at,
      });
      await this.heartbeats.recordCheckin({
        device_id: device.id,
        organisation_id: orgId,
        at,
        name: body.name,
        firmware_version: body.firmware_version,
        hardware_model: body.hardware_model,
        network_name: current.document.network?.network_name ?? null,
        public_ip: body.public_ip ?? sourceIp,
        clients: body.clients,
        uptime_seconds: body.uptime_seconds,
        applied_revision: body.config_revision,
        config_error: body.config_error,
      });
      return {
        checkin_interval:
          this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).deviceCheckinIntervalSeconds,
        config:
          body.config_revision === current.revision
            ? null
            : { revision: current.revision, url: CONFIG_URL },
        upgrade,
      };
    });
  }
}
