import { Global, Module } from '@nestjs/common';
import { NetworkAccessPolicy } from './network-access.policy';
import { NetworkAccessRepository } from './network-access.repository';

@Global()
@Module({
  providers: [NetworkAccessRepository, NetworkAccessPolicy],
  exports: [NetworkAccessRepository, NetworkAccessPolicy],
})
export class NetworkAccessModule {}
