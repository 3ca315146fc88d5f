import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { BearerStrategy } from './bearer.strategy';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';
import { UsersRepository } from './users.repository';
import { MembershipsRepository } from './memberships.repository';
import { UsersService } from './users.service';

/**
 * Users, their memberships and access tokens (tables users, memberships, access_tokens); registers
 * the bearer strategy.
 */
@Module({
  imports: [EventLogModule, FleetChangeModule, OrganisationsModule],
  controllers: [TokensController],
  providers: [UsersRepository, MembershipsRepository, UsersService, TokensService, BearerStrategy],
  exports: [UsersRepository, MembershipsRepository, UsersService, TokensService],
})
export class UsersModule {}
