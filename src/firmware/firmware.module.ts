import { Module } from '@nestjs/common';
import { UpgradeDataRepository } from './upgrade-data.repository';

/**
 * Firmware below the features: the upgrade, rollout and release entities and their status
 * types, the pure lifecycle and target rules, the ports through which features ask the upgrades
 * (`firmware-ports.ts`), and the releases (`upgrade_data`), which admin, the demo seed and the
 * upgrades read and write through UpgradeDataRepository.
 */
@Module({ providers: [UpgradeDataRepository], exports: [UpgradeDataRepository] })
export class FirmwareModule {}
