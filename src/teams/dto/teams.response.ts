import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES } from '../../common/auth/auth-user';
import {
  ArrayOf,
  Bool,
  Data,
  DateTime,
  Envelope,
  Int,
  Of,
  Str,
} from '../../common/openapi/response-schema';
import { PageData } from '../../common/pagination/pagination.response';

const Role = () => ApiProperty({ enum: USER_ROLES });

export class OrganisationRef {
  @Int()
  id: number;

  @Str()
  name: string;
}

export class MembershipResponse {
  @Of(() => OrganisationRef)
  organisation: OrganisationRef;

  @Role()
  role: string;
}

export class MeUser {
  @Int()
  id: number;

  @Str()
  email: string;

  @Bool()
  super_admin: boolean;
}

export class MeResponseData {
  @Of(() => MeUser)
  user: MeUser;

  @Of(() => OrganisationRef, { description: 'The organisation the token acts in.' })
  organisation: OrganisationRef;

  @Role()
  role: string;

  @ArrayOf(() => MembershipResponse, {
    description: "Every one of the user's memberships, by organisation name then id.",
  })
  memberships: MembershipResponse[];
}

/** `GET /v1/me`. */
export const MeEnvelope = Envelope('MeEnvelope', () => MeResponseData);

export class DeviceCounts {
  @Int({ minimum: 0 })
  total: number;

  @Int({ minimum: 0 })
  up: number;

  @Int({ minimum: 0 })
  down: number;
}

export class OrganisationSummaryResponse {
  @Int()
  id: number;

  @Str()
  name: string;

  @Role()
  role: string;

  @Of(() => DeviceCounts, {
    description: 'The devices the user sees there (a member: those of the networks granted).',
  })
  devices: DeviceCounts;

  @Int({ minimum: 0, description: 'Open alerts the user may see there.' })
  alerts_open: number;

  @Int({ minimum: 0 })
  rollouts_running: number;
}

/** `GET /v1/organisations`. */
export const OrganisationsEnvelope = Envelope('OrganisationsEnvelope', () =>
  PageData('OrganisationsData', 'organisations', () => OrganisationSummaryResponse),
);

export class MemberResponse {
  @Int()
  user_id: number;

  @Str()
  email: string;

  @Role()
  role: string;

  @DateTime({ description: 'When the user became a member.' })
  created_at: string;
}

/** `GET /v1/members`. */
export const MembersEnvelope = Envelope('MembersEnvelope', () =>
  PageData('MembersData', 'members', () => MemberResponse),
);

/** `PATCH` and `DELETE /v1/members/:user_id`. */
export const MemberEnvelope = Envelope('MemberEnvelope', () =>
  Data('MemberData', { member: Of(() => MemberResponse) }),
);

export class InviterResponse {
  @Int()
  id: number;

  @Str()
  email: string;
}

export class InvitationResponse {
  @Int()
  id: number;

  @Str({ description: 'The address invited, in lower case.' })
  email: string;

  @Role()
  role: string;

  @Of(() => InviterResponse)
  invited_by: InviterResponse;

  @DateTime()
  created_at: string;

  @DateTime({ description: '7 days after created_at.' })
  expires_at: string;
}

export class IssuedInvitationResponse extends InvitationResponse {
  @Str({ description: 'The secret that accepts it: shown this once, stored only as a hash.' })
  token: string;

  @Str({ description: "The console's accept page for the token, on the service's address." })
  accept_url: string;
}

/** `POST /v1/invitations`. */
export const IssuedInvitationEnvelope = Envelope('IssuedInvitationEnvelope', () =>
  Data('IssuedInvitationData', { invitation: Of(() => IssuedInvitationResponse) }),
);

/** `DELETE /v1/invitations/:id`. */
export const InvitationEnvelope = Envelope('InvitationEnvelope', () =>
  Data('InvitationData', { invitation: Of(() => InvitationResponse) }),
);

/** `GET /v1/invitations`. */
export const InvitationsEnvelope = Envelope('InvitationsEnvelope', () =>
  Data('InvitationsData', { invitations: ArrayOf(() => InvitationResponse) }),
);

/** `POST /v1/invitations/accept`. */
export const AcceptedEnvelope = Envelope('AcceptedEnvelope', () =>
  Data('AcceptedData', { membership: Of(() => MembershipResponse) }),
);
