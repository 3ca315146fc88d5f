import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsId } from '../../common/ids/id';

/** `:user_id` of /v1/members/:user_id. */
export class MemberIdParamDto {
  @IsId()
  user_id: number;
}

/** `:id` of /v1/invitations/:id. */
export class InvitationIdParamDto {
  @IsId()
  id: number;
}

/** The fields of `PATCH /v1/members/:user_id`; checked by the service, naming each bad one. */
export class MemberFieldsDto {
  /** `admin` or `member`. */
  @IsOptional()
  role?: string;
}

export class MemberBodyDto {
  @IsObject()
  @ValidateNested()
  @Type(() => MemberFieldsDto)
  member: MemberFieldsDto;
}

/** The fields of `POST /v1/invitations`; checked by the service, naming each bad one. */
export class InvitationFieldsDto {
  /** The address invited; compared case-insensitively. */
  @IsOptional()
  email?: string;

  /** `admin` or `member` (default). */
  @IsOptional()
  role?: string;
}

export class InvitationBodyDto {
  @IsObject()
  @ValidateNested()
  @Type(() => InvitationFieldsDto)
  invitation: InvitationFieldsDto;
}

/** `POST /v1/invitations/accept`. */
export class AcceptInvitationDto {
  /** The invitation's token, as its create answer or link gave it. */
  @IsOptional()
  token?: string;
}
