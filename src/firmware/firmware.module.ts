import { Module } from '@nestjs/common';
import { FirmwarePorts } from './firmware-ports';
import { UpgradeDataRepository } from './upgrade-data.repository';

/**
 * Firmware below the features: the upgrade, rollout and release entities and their status
 * types, the pure lifecycle and target rules, the ports through which features ask the upgrades
 * (`FirmwarePorts`, which upgrades/ fills), and the releases (`upgrade_data`), which admin, the demo seed and the
 * upgrades read and write through UpgradeDataRepository.
 */
@Module({
  providers: [UpgradeDataRepository, FirmwarePorts],
  exports: [UpgradeDataRepository, FirmwarePorts],
})
export class FirmwareModule {}
