import { Module } from '@nestjs/common';
import { UpgradeDataRepository } from '../upgrades/upgrade-data.repository';
import { DemoService } from './demo.service';

@Module({ providers: [DemoService, UpgradeDataRepository], exports: [DemoService] })
export class DemoModule {}
