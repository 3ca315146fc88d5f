import { Module } from '@nestjs/common';
import { CatalogueRepository } from './catalogue.repository';

/** The platform catalogue: hardware parts and the master inventory (tables hardware_parts, master_inventory). */
@Module({ providers: [CatalogueRepository], exports: [CatalogueRepository] })
export class CatalogueModule {}
