import { HeartbeatFieldsDto } from '../../access-points/dto/access-points.dto';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsIP,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { IsId, MAX_ID } from '../../common/ids/id';
import { REPORT_STATES, ReportState } from '../../firmware/upgrade-lifecycle';
import { checkListByHand } from '../../common/validation';
import { checkedStations, DistinctMacs, MAX_STATIONS, StationDto } from './station.dto';

/** `clients` beside `stations` must be their number. */
function MatchesStations(): PropertyDecorator {
  return ValidateBy({
    name: 'matchesStations',
    validator: {
      validate: (value: unknown, args) => {
        const stations = (args?.object as { stations?: unknown }).stations;
        return !Array.isArray(stations) || value === stations.length;
      },
      defaultMessage: (args) =>
        `clients must equal the number of stations (${String(
          ((args?.object as { stations?: unknown[] }).stations ?? []).length,
        )})`,
    },
  });
}

/** The device failed to apply a configuration revision. */
export class ConfigErrorDto {
  @IsString()
  @MaxLength(64)
  revision: string;

  @IsString()
  @MaxLength(1000)
  message: string;
}

/** Progress of an upgrade the controller handed out. */
export class UpgradeReportDto {
  /** The upgrade's id, an integer or a numeric string. */
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+$' }] })
  @IsId()
  id: number;

  @IsIn(REPORT_STATES, { message: `upgrade.state must be one of: ${REPORT_STATES.join(', ')}` })
  state: ReportState;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  progress?: number;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  error?: string;
}

/** A device's result of a command it was handed. */
export class CommandResultDto {
  /** The command's id, an integer or a numeric string. */
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+$' }] })
  @IsId()
  id: number;

  @IsIn(['succeeded', 'failed'], {
    message: 'command_results.state must be one of: succeeded, failed',
  })
  state: 'succeeded' | 'failed';

  @IsOptional()
  @IsString()
  @MaxLength(65536)
  output?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  error?: string;
}

/** POST /device/v1/checkin: every field optional. */
export class CheckinDto extends HeartbeatFieldsDto {
  /** When absent, the request's source address (the socket's, or as TRUST_PROXY says). */
  @IsOptional()
  @IsIP()
  public_ip?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_ID)
  uptime_seconds?: number;

  /** Wi-Fi clients associated now; with `stations`, their number (or absent). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_ID)
  @MatchesStations()
  clients?: number;

  /**
   * The complete list of the Wi-Fi clients associated now, at most 1,024, each MAC once. Absent:
   * the clients stay as they were; `[]`: none is connected. A bad entry refuses the whole check-in
   * (422 1030 naming each bad value), recording nothing.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_STATIONS)
  @DistinctMacs()
  @ValidateNested({ each: true })
  @Type(() => StationDto)
  stations?: StationDto[];

  /** The configuration revision the device runs. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  config_revision?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ConfigErrorDto)
  config_error?: ConfigErrorDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UpgradeReportDto)
  upgrade?: UpgradeReportDto;

  /** Results of commands it was handed: at most 10. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => CommandResultDto)
  command_results?: CommandResultDto[];
}

// The stations of a steady check-in are checked by hand (the same rules, see checkedStations).
checkListByHand(CheckinDto, { property: 'stations', check: checkedStations });
