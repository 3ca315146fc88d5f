import { IsOptional } from 'class-validator';
import { OptionalInstant } from '../../common/time-window/time-window';
import { IsId } from '../../common/ids/id';

/** Query of GET /v1/fleet_history. */
export class FleetHistoryQueryDto {
  /** One network's series (one the caller may read); without it, the organisation's (admins). */
  @IsOptional()
  @IsId()
  network_id?: number;

  /** Start (ISO 8601); default 24 hours before `until`. */
  @OptionalInstant()
  since?: string;

  /** End (ISO 8601); default now. */
  @OptionalInstant()
  until?: string;
}
