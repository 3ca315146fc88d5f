import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../common/ids/id';
import { MaxListEntries } from '../../common/limits/list-limit';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import { IsTimeZone } from '../../common/time-zones/time-zones';

/** `:id` path parameter. */
export class NetworkIdParamDto {
  @IsId()
  id: number;
}

/** `:network_id` path parameter of config_rollback. */
export class RollbackParamDto {
  @IsId()
  network_id: number;
}

/** list_networks query: a lookup by name or id, or a page of networks. */
export class ListNetworksQueryDto extends PaginationQueryDto {
  /** Looks up one network by name (case-insensitive); takes precedence over network_id. */
  @IsOptional()
  @IsString()
  network_name?: string;

  /** Looks up one network by id. */
  @IsOptional()
  @IsId()
  network_id?: number;
}

/**
 * Create fields. Only types are checked here; the rules (required name, length,
 * uniqueness, timezone) are checked by the service after the MACs and the clone source, in the
 * order network create answers their errors.
 */
export class CreateNetworkFieldsDto {
  @IsOptional()
  @IsId()
  id?: number;

  /** Required, at most 255 characters, unique within the organisation (case-insensitive). */
  @IsOptional()
  @IsString()
  network_name?: string;

  /** One of the names of list_network_timezone (an IANA name such as `Asia/Kolkata`), stored as sent. */
  @IsOptional()
  @IsString()
  timezone?: string;

  /** `clone` makes the network a copy of an existing one. */
  @IsOptional()
  @IsString()
  @MaxLength(32)
  network_configuration?: string;

  /** Name of the network to clone (takes precedence over cloned_network_id). */
  @IsOptional()
  @IsString()
  cloned_network_name?: string;

  /** Id of the network to clone. */
  @IsOptional()
  @IsId()
  cloned_network_id?: number;

  /** Comma-separated MACs to activate in the new network (at most 10,000). */
  @IsOptional()
  @IsString()
  @MaxListEntries()
  mac_id?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tag_list?: string[];
}

export class CreateNetworkDto {
  @IsObject()
  @ValidateNested()
  @Type(() => CreateNetworkFieldsDto)
  location_network: CreateNetworkFieldsDto;
}

export class SsidUnlockDto {
  @IsOptional()
  @IsArray()
  unlock?: unknown[];
}

export class UnlockControlsDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SsidUnlockDto)
  ssid_configuration?: SsidUnlockDto;
}

/** `{unlock_controls: {ssid_configuration: {unlock: [...]}}}`. */
export class TemplatePolicyAttributesDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UnlockControlsDto)
  unlock_controls?: UnlockControlsDto;
}

/** Update fields; absent fields are left unchanged. */
export class UpdateNetworkFieldsDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  network_name?: string;

  @IsOptional()
  @IsTimeZone('timezone must be one of the listed time zones')
  timezone?: string;

  @IsOptional()
  @IsBoolean()
  presence?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  presence_url?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  vendor_type?: string;

  /** A network template id of the organisation, or null to detach. */
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  @IsId()
  network_template?: number | null;

  @IsOptional()
  @IsBoolean()
  template_adherence?: boolean;

  @IsOptional()
  @IsBoolean()
  enable_policy?: boolean;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tag_list?: string[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TemplatePolicyAttributesDto)
  template_policy_attributes?: TemplatePolicyAttributesDto;
}

export class UpdateNetworkDto {
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateNetworkFieldsDto)
  location_network: UpdateNetworkFieldsDto;
}

export class RollbackConfigurationDto {
  @IsArray()
  @IsObject({ each: true, message: 'ssid_configuration must contain only objects' })
  ssid_configuration: Record<string, unknown>[];
}

/** config_rollback body. */
export class ConfigRollbackDto {
  @IsId()
  network_template_id: number;

  @IsObject()
  @ValidateNested()
  @Type(() => RollbackConfigurationDto)
  configuration: RollbackConfigurationDto;
}
