import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { DeviceActivationService } from './device-activation.service';
import { DevicesRepository } from './devices.repository';
import { TagsRepository } from './tags.repository';

/**
 * The device records: owns the devices, uplinks, tags and device_tags tables, and the activation
 * rule shared by network create and access-point provisioning.
 */
@Module({
  imports: [CatalogueModule, OrganisationsModule],
  providers: [DevicesRepository, TagsRepository, DeviceActivationService],
  exports: [DevicesRepository, TagsRepository, DeviceActivationService],
})
export class DevicesModule {}
