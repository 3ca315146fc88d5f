import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { MailModule } from '../mail/mail.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { OverviewModule } from '../overview/overview.module';
import { UsersModule } from '../users/users.module';
import { InvitationMail } from './invitation-mail';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { MeController } from './me.controller';
import { MeService } from './me.service';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';

/**
 * One login for many organisations: who the caller is and all their organisations, an
 * organisation's members and invitations (table invitations; memberships belong to users/; an
 * invitation's e-mail goes through the e-mail outbox, mail/).
 */
@Module({
  imports: [
    UsersModule,
    OrganisationsModule,
    NetworksModule,
    FleetChangeModule,
    OverviewModule,
    AlertsModule,
    MailModule,
  ],
  controllers: [MeController, MembersController, InvitationsController],
  providers: [MeService, MembersService, InvitationsService, InvitationsRepository, InvitationMail],
  exports: [MeService, MembersService, InvitationsService],
})
export class TeamsModule {}
