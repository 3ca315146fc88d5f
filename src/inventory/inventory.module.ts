import { Global, Module } from '@nestjs/common';
import { InventoryRepository } from './inventory.repository';

@Global()
@Module({ providers: [InventoryRepository], exports: [InventoryRepository] })
export class InventoryModule {}
