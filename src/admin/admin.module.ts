import { Module } from '@nestjs/common';
import { UpgradeDataRepository } from '../upgrades/upgrade-data.repository';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';

@Module({
  controllers: [AdminController],
  providers: [AdminService, UpgradeDataRepository],
  exports: [AdminService],
})
export class AdminModule {}
