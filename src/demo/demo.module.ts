import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { UsersModule } from '../users/users.module';
import { DemoService } from './demo.service';

@Module({
  imports: [CatalogueModule, OrganisationsModule, UpgradesModule, UsersModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
