import { DEVICE_SECRET_PATTERN } from '../../catalogue/device-secret';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsId, MAX_ID } from '../../common/ids/id';
import { MaxListEntries } from '../../common/limits/list-limit';
import { MAX_EXPIRES_IN_DAYS } from '../../users/token-expiry';
import { USER_ROLES, UserRole } from '../../common/auth/auth-user';

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
  @Max(MAX_ID)
  allowed_device_count?: number;
}

export class CreateUserDto {
  @IsId()
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
  @IsId()
  user_id: number;

  /**
   * The organisation the token acts in: one the user is a member of (422 1030 otherwise); the
   * user's first membership when absent.
   */
  @IsOptional()
  @IsId()
  organisation_id?: number;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Days until the token expires (1 to 3650); without it the token does not expire. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_EXPIRES_IN_DAYS)
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

  /**
   * MAC as `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF` or `aabbccddeeff`; stored upper-case with
   * colons.
   */
  @IsString()
  @IsNotEmpty()
  mac_id: string;

  @IsString()
  @IsNotEmpty()
  part_number: string;

  /**
   * The device's factory secret: 16 to 128 printable ASCII characters (0x21 to
   * 0x7E, `:` allowed). Stored only as a SHA-256 hash and never returned; an upsert without it
   * keeps the stored one.
   */
  @IsOptional()
  @IsString()
  @Matches(DEVICE_SECRET_PATTERN, {
    message: 'secret must be 16 to 128 printable ASCII characters (0x21 to 0x7E)',
  })
  secret?: string;
}

export class UpsertMasterInventoryDto {
  /** At most 10,000 entries. */
  @MaxListEntries()
  @ValidateNested({ each: true })
  @Type(() => MasterInventoryDeviceDto)
  @ArrayMinSize(1)
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
  @IsId()
  organisation_id?: number;

  @IsBoolean()
  is_released: boolean;
}
