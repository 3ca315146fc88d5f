import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { USER_ROLES, UserRole } from '../../users/user.entity';

export class CreateOrganisationDto {
  /** Unique organisation name. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  /** Devices the organisation may hold (default 100). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  allowed_device_count?: number;
}

export class CreateUserDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  organisation_id: number;

  @IsEmail()
  @MaxLength(255)
  email: string;

  @IsOptional()
  @IsIn(USER_ROLES)
  role?: UserRole;

  @IsOptional()
  @IsBoolean()
  super_admin?: boolean;

  /** Password for the browser pages (at least 8 characters). */
  @IsOptional()
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  password?: string;
}

export class CreateTokenDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  user_id: number;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Days until the token expires; without it the token does not expire. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  expires_in_days?: number;
}

export class CreateHardwarePartDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  part_number: string;

  /** Whether devices of this part take uplink types 2 and 3. */
  @IsBoolean()
  wifi_uplink: boolean;

  /** Whether devices of this part take uplink type 4. */
  @IsBoolean()
  usb: boolean;
}

export class MasterInventoryDeviceDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  serial: string;

  /** MAC in any form of CONTRACT 6. */
  @IsString()
  @IsNotEmpty()
  mac_id: string;

  @IsString()
  @IsNotEmpty()
  part_number: string;
}

export class UpsertMasterInventoryDto {
  @ValidateNested({ each: true })
  @Type(() => MasterInventoryDeviceDto)
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  devices: MasterInventoryDeviceDto[];
}

export class CreateUpgradeDataDto {
  /** Dotted firmware version, e.g. `1.4.2`. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  version: string;

  /** Firmware location per hardware part number. */
  @IsObject()
  url: Record<string, string>;

  /** The owning organisation; omit for a global release. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  organisation_id?: number;

  @IsBoolean()
  is_released: boolean;
}
