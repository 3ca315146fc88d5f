import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import { DEVICE_STATUSES, DeviceStatus } from '../../device-state/device-liveness';

/** `GET /v1/access_points/statuses`. */
export class StatusesQueryDto extends PaginationQueryDto {
  /** Only the devices of this network (404 1001 when it is not one the caller may read). */
  @IsOptional()
  @IsId()
  network_id?: number;

  /** Only the devices with this status; `summary` still counts both. */
  @ApiPropertyOptional({ enum: DEVICE_STATUSES })
  @IsOptional()
  @IsIn(DEVICE_STATUSES)
  device_status?: DeviceStatus;

  /**
   * Only the devices whose label or last reported host name contains this text (any case), or
   * whose MAC contains it when it is hex digits, with or without the separators `:`, `-` and `.`.
   */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;
}
