import { Module } from '@nestjs/common';
import { UsersModule } from '../../users/users.module';
import { WebModule } from '../../web/web.module';
import { TeamsModule } from '../teams.module';
import { TeamsPagesController } from './teams-pages.controller';
import { TeamsPagesService } from './teams-pages.service';

/** The console's pages of memberships and invitations, on the teams' services. */
@Module({
  imports: [WebModule, TeamsModule, UsersModule],
  controllers: [TeamsPagesController],
  providers: [TeamsPagesService],
})
export class TeamsPagesModule {}
