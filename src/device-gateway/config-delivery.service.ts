import { Injectable } from '@nestjs/common';
import { DevicePrincipal } from '../common/identity/device-principal';
import { DeviceConfig } from '../device-config/config-document';
import { DeviceCredentialsService } from './device-credentials.service';
import { deviceNotClaimed } from './device-gateway.errors';
import { GatewayReadsRepository } from '../read-side/gateway-reads.repository';

/** Hands a device its configuration. */
@Injectable()
export class ConfigDeliveryService {
  constructor(
    private readonly reads: GatewayReadsRepository,
    private readonly credentials: DeviceCredentialsService,
  ) {}

  /**
   * The current configuration of the authenticated device, read fresh (a move or an SSID change
   * shows at once) in one statement, the one that read its credentials when they were not
   * cached. A device that left its organisation's inventory since it authenticated: 403 1037.
   */
  async current(device: DevicePrincipal): Promise<DeviceConfig> {
    const facts =
      this.credentials.takeFacts(device) ??
      (await this.reads.byDevice(device.organisation_id, device.device_id));
    if (!facts) {
      throw deviceNotClaimed(device.mac_id);
    }
    return facts.config;
  }
}
