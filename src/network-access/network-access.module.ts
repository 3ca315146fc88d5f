import { Global, Module } from '@nestjs/common';
import { NetworkAccessController } from './network-access.controller';
import { NetworkAccessPolicy } from './network-access.policy';
import { NetworkAccessRepository } from './network-access.repository';
import { NetworkAccessService } from './network-access.service';

@Global()
@Module({
  controllers: [NetworkAccessController],
  providers: [NetworkAccessRepository, NetworkAccessPolicy, NetworkAccessService],
  exports: [NetworkAccessRepository, NetworkAccessPolicy],
})
export class NetworkAccessModule {}
