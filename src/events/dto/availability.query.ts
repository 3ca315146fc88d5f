import { IsString, MaxLength } from 'class-validator';
import { OptionalInstant } from '../../common/time-window/time-window';

/** Query of GET /v1/access_points/availability. */
export class AvailabilityQueryDto {
  /** The device's MAC (any common notation). */
  @IsString()
  @MaxLength(64)
  mac_id: string;

  /** Start of the window (ISO 8601); default 24 hours before `until`. */
  @OptionalInstant()
  since?: string;

  /** End of the window (ISO 8601); default now. At most 90 days after `since`. */
  @OptionalInstant()
  until?: string;
}
