import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { BearerStrategy } from './bearer.strategy';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users and their access tokens (tables users, access_tokens); registers the bearer strategy. */
@Module({
  imports: [EventLogModule, FleetChangeModule, OrganisationsModule],
  controllers: [TokensController],
  providers: [UsersRepository, UsersService, TokensService, BearerStrategy],
  exports: [UsersRepository, UsersService, TokensService],
})
export class UsersModule {}
