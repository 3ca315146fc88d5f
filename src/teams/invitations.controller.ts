import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { AcceptInvitationDto, InvitationBodyDto, InvitationIdParamDto } from './dto/teams.dto';
import {
  AcceptedEnvelope,
  InvitationEnvelope,
  InvitationsEnvelope,
  IssuedInvitationEnvelope,
} from './dto/teams.response';
import { InvitationsService } from './invitations.service';

const INVITATION_EXAMPLE = {
  id: 3,
  email: 'new.colleague@example.com',
  role: 'member',
  invited_by: { id: 1, email: 'admin@example.com' },
  created_at: '2030-01-01T10:00:00.000Z',
  expires_at: '2030-01-08T10:00:00.000Z',
};

/**
 * Invitations: an organisation's admins create, list and revoke them (a member: 403 1029); the
 * person invited accepts with a token of their own.
 */
@ApiTags('teams')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.Unauthenticated)
@Controller('v1/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'create_invitation',
    summary: 'Invite an e-mail address into the organisation with a role',
    description:
      'Role admin. `role` defaults to `member`. The answer carries the token and the console’s ' +
      'accept link once; only a hash is stored. When the service has a mail server (`SMTP_URL`), ' +
      'the accept link is also e-mailed to the address, from `ALERT_EMAIL_FROM`: queued with the ' +
      'invitation, sent in the background and retried on failure; the answer does not say ' +
      'whether or when it was sent. The answer is the same whether or not mail is configured and ' +
      'whether or not the address has an account or is a member already (accepting then ' +
      'changes nothing). A pending invitation of the same address (compared ' +
      'case-insensitively) is replaced, and its e-mail, if not sent yet, is not sent; so is the ' +
      'e-mail of an invitation revoked or accepted before it went. Expires after 7 days. ' +
      'Records `invitation.created` (without the address or the token).',
  })
  @ApiOkResponse({
    type: IssuedInvitationEnvelope,
    example: {
      data: {
        invitation: {
          ...INVITATION_EXAMPLE,
          token: 'q2Vh0cY3kzv6l1bN8mXrJf4tP9sWdA7eGuKoLiZyHnC',
          accept_url:
            'https://fleet.example.com/invitations/accept?token=q2Vh0cY3kzv6l1bN8mXrJf4tP9sWdA7eGuKoLiZyHnC',
        },
      },
      status: 200,
    },
  })
  @ApiErrorResponses(ApiErrorCode.Forbidden, ApiErrorCode.InvalidParameter)
  async create(@CurrentUser() user: AuthUser, @Body() body: InvitationBodyDto) {
    return ok({ invitation: await this.invitations.create(user, body.invitation) });
  }

  @Get()
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'list_invitations',
    summary: "The organisation's pending invitations, oldest first",
    description: 'Role admin. Neither tokens nor hashes.',
  })
  @ApiOkResponse({
    type: InvitationsEnvelope,
    example: { data: { invitations: [INVITATION_EXAMPLE] }, status: 200 },
  })
  @ApiErrorResponses(ApiErrorCode.Forbidden)
  async list(@CurrentUser() user: AuthUser) {
    return ok({ invitations: await this.invitations.listPending(user) });
  }

  @Post('accept')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'accept_invitation',
    summary: 'Accept an invitation with a token of the person invited',
    description:
      'Any authenticated user, whatever organisation their token acts in. A pending invitation ' +
      'of the caller’s e-mail makes them a member with its role and is used up (`member.added`, ' +
      'by them); a caller who is a member already keeps their role. An unknown, used, revoked ' +
      'or expired token: 404 1055; another e-mail: 403 1029, and the invitation stays pending.',
  })
  @ApiOkResponse({
    type: AcceptedEnvelope,
    example: {
      data: { membership: { organisation: { id: 4, name: 'Globex' }, role: 'member' } },
      status: 200,
    },
  })
  @ApiErrorResponses(
    ApiErrorCode.InvitationNotFound,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async accept(@CurrentUser() user: AuthUser, @Body() body: AcceptInvitationDto) {
    return ok(await this.invitations.accept(user, body.token));
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'revoke_invitation',
    summary: 'Revoke a pending invitation',
    description:
      'Role admin. An invitation that is not pending (or another organisation’s): 404 1055. ' +
      'Its e-mail, if not sent yet, is not sent. Records `invitation.revoked`.',
  })
  @ApiOkResponse({
    type: InvitationEnvelope,
    example: { data: { invitation: INVITATION_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvitationNotFound,
    ApiErrorCode.InvalidParameter,
  )
  async revoke(@CurrentUser() user: AuthUser, @Param() params: InvitationIdParamDto) {
    return ok({ invitation: await this.invitations.revoke(user, params.id) });
  }
}
