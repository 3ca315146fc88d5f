import { Injectable } from '@nestjs/common';
import { DevicePrincipal } from '../common/auth/device-principal';
import { DeviceConfig, DeviceConfigService } from '../device-config/device-config.service';
import { deviceNotClaimed } from './device-gateway.errors';

/** Hands a device its configuration (DEVICES 4). */
@Injectable()
export class ConfigDeliveryService {
  constructor(private readonly configs: DeviceConfigService) {}

  /**
   * The current configuration of the authenticated device, read fresh (a move or an SSID change
   * shows at once). A device that left its organisation's inventory since it authenticated: 403 1037.
   */
  async current(device: DevicePrincipal): Promise<DeviceConfig> {
    const config = await this.configs.forDevice(device.organisation_id, device.device_id);
    if (!config) {
      throw deviceNotClaimed();
    }
    return config;
  }
}
