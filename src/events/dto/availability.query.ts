import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';

/** Query of GET /v1/access_points/availability (OPERATIONS 3). */
export class AvailabilityQueryDto {
  /** The device's MAC (any common notation). */
  @IsString()
  @MaxLength(64)
  mac_id: string;

  /** Start of the window (ISO 8601); default 24 hours before `until`. */
  @IsOptional()
  @IsISO8601({ strict: true })
  since?: string;

  /** End of the window (ISO 8601); default now. At most 90 days after `since`. */
  @IsOptional()
  @IsISO8601({ strict: true })
  until?: string;
}
