import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { DeviceActivationService } from './device-activation.service';
import { DeviceSubjectsRepository } from './device-subjects.repository';
import { DeviceCounts } from './device-counts';
import { DevicesRepository } from './devices.repository';
import { TagsRepository } from './tags.repository';

/**
 * The device records: owns the devices, uplinks, tags and device_tags tables, the activation
 * rule shared by network create and access-point provisioning, and the kept device counts of
 * organisations and networks (DeviceCounts; the columns belong to their owners).
 */
@Module({
  imports: [CatalogueModule, NetworksModule, OrganisationsModule],
  providers: [
    DevicesRepository,
    DeviceSubjectsRepository,
    TagsRepository,
    DeviceActivationService,
    DeviceCounts,
  ],
  exports: [
    DevicesRepository,
    DeviceSubjectsRepository,
    TagsRepository,
    DeviceActivationService,
    DeviceCounts,
  ],
})
export class DevicesModule {}
