import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsId } from '../../common/ids/id';
import { MaxListEntries } from '../../common/limits/list-limit';
import { PaginationQueryDto } from '../../common/pagination/pagination';

export class ListInventoryQueryDto extends PaginationQueryDto {
  /**
   * Look up devices by MAC (`aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF` or `aabbccddeeff`; a
   * comma-separated list is accepted).
   */
  @IsOptional()
  @IsString()
  @MaxListEntries()
  mac_id?: string;

  /**
   * Only the devices whose label or last reported host name contains this text (any case), or
   * whose MAC contains it when it is hex digits, with or without the separators `:`, `-` and `.`.
   */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;
}

export class ProvisioningDto {
  /** Comma-separated MACs to provision (at most 10,000). */
  @IsOptional()
  @IsString()
  @MaxListEntries()
  mac_id?: string;

  /** Network of the organisation (integer or numeric string). */
  @ApiPropertyOptional({ oneOf: [{ type: 'integer' }, { type: 'string' }], example: 1 })
  @IsOptional()
  @IsId()
  network_id?: number;
}

export class ApplyConfigurationDto {
  /** Comma-separated MACs of the organisation's devices (at most 10,000). */
  @IsOptional()
  @IsString()
  @MaxListEntries()
  mac_ids?: string;

  /** Template name (takes precedence over init_template_id). */
  @IsOptional()
  @IsString()
  init_template_name?: string;

  @IsOptional()
  @IsId()
  init_template_id?: number;
}

export class MacQueryDto {
  /** MAC of a device of the organisation. */
  @IsOptional()
  @IsString()
  mac_id?: string;
}

export class DeviceListDto {
  /** MACs of the organisation's devices (at most 10,000). */
  @IsOptional()
  @IsArray()
  @MaxListEntries()
  @IsString({ each: true })
  devices?: string[];
}

export class MoveDevicesDto {
  /** Inventory ids or MACs (an entry is first matched as an id, else as a MAC). */
  @ApiPropertyOptional({
    type: 'array',
    items: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
    example: [12, 'AA:BB:CC:DD:EE:FF'],
  })
  @IsOptional()
  @IsArray()
  @MaxListEntries()
  devices?: (number | string)[];

  /** Target network of the organisation (integer or numeric string). */
  @ApiPropertyOptional({ oneOf: [{ type: 'integer' }, { type: 'string' }], example: 1 })
  @IsOptional()
  @IsId()
  existing_network_id?: number;
}

export class SerialQueryDto {
  /** Comma-separated serial numbers (at most 10,000). */
  @IsOptional()
  @IsString()
  @MaxListEntries()
  serial?: string;
}

/**
 * What a device says about itself in a heartbeat record, the same in the admin heartbeat
 * and in a device check-in: the heartbeats table's column sizes.
 */
export class HeartbeatFieldsDto {
  /** The device's host name. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** The firmware the device runs. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  firmware_version?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  hardware_model?: string;
}

export class HeartbeatDto extends HeartbeatFieldsDto {
  @IsString()
  @MaxLength(64)
  mac_id: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  public_ip?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  network_name?: string;
}
