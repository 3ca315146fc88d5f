import { Injectable } from '@nestjs/common';
import { MailOutbox } from '../mail/mail-outbox';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { Invitation } from './invitation.entity';
import { invitationMessage } from './invitation-message';

/**
 * The e-mail of an invitation, in the outbox of every e-mail (mail/), written in the invitation's
 * transaction: queued with its accept link when SMTP_URL is set, and dropped, unsent, when the
 * invitation is replaced, revoked or accepted. The link stays in the outbox only while the
 * message may still be sent (the outbox forgets a secret body once it is sent, finally failed or
 * dropped); it reaches no log, event or answer.
 */
@Injectable()
export class InvitationMail {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly organisations: OrganisationsRepository,
  ) {}

  /** Whether invitations are e-mailed: only when the service has a mail server. */
  get enabled(): boolean {
    return this.outbox.enabled;
  }

  /** Queues the message of a new invitation (its inviter loaded); nothing without SMTP_URL. */
  async queue(invitation: Invitation, acceptUrl: string): Promise<void> {
    if (!this.outbox.enabled) {
      return;
    }
    const organisation = await this.organisations.findById(invitation.organisation_id);
    const { subject, text } = invitationMessage({
      organisation: organisation!.name,
      invitedBy: invitation.invited_by!.email,
      role: invitation.role,
      acceptUrl,
      expiresAt: invitation.expires_at,
    });
    await this.outbox.queue(
      invitation.organisation_id,
      [
        {
          topic: 'invitation',
          topic_id: invitation.id,
          recipients: [invitation.email],
          subject,
          text_body: text,
          secret: true,
        },
      ],
      invitation.created_at,
    );
  }

  /** Drops the unsent messages of these invitations (replaced, revoked or accepted). */
  drop(orgId: number, invitationIds: number[]): Promise<void> {
    return this.outbox.drop(orgId, 'invitation', invitationIds);
  }
}
