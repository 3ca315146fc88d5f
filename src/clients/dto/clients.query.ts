import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import { OptionalInstant } from '../../common/time-window/time-window';
import { BANDS } from '../../device-gateway/dto/station.dto';

export const CLIENT_SORTS = ['last_seen', 'rssi', 'hostname'] as const;

/** Query of GET /v1/clients: the filters apply to each client's newest session. */
export class ClientsQueryDto extends PaginationQueryDto {
  /** Only clients whose newest session is in this network (404 1001 when not one the caller may read). */
  @IsOptional()
  @IsId()
  network_id?: number;

  /** Only clients whose newest session is on this device (its MAC in any form; 404 1001 when unknown). */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  mac_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  ssid?: string;

  @IsOptional()
  @IsIn(BANDS, { message: 'band must be one of: 2.4, 5, 6' })
  band?: string;

  /** `true`: connected now; `false`: not; absent: both. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'connected must be one of: true, false' })
  connected?: 'true' | 'false';

  /**
   * Case-insensitive: part of the host name or IP address, or, when it holds only hex digits and
   * `:`, `-`, `.`, part of the MAC's 12 hex digits (separators ignored).
   */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;

  /** Only clients last seen at or after this instant (ISO 8601). */
  @OptionalInstant()
  seen_since?: string;

  /** `last_seen` (newest first, the default), `rssi` (weakest first) or `hostname` (A to Z). */
  @IsOptional()
  @IsIn(CLIENT_SORTS, { message: 'sort must be one of: last_seen, rssi, hostname' })
  sort?: (typeof CLIENT_SORTS)[number];
}

/** Query of GET /v1/clients/:mac/sessions. */
export class ClientSessionsQueryDto extends PaginationQueryDto {
  /** Only sessions that started at or after this instant (ISO 8601). */
  @OptionalInstant()
  since?: string;

  /** Only sessions that started at or before this instant (ISO 8601). */
  @OptionalInstant()
  until?: string;
}

/** The path of the client routes. */
export class ClientMacParamDto {
  /** The client's MAC in any form (`AA:BB:CC:DD:EE:FF`, `aa-bb-…`, 12 hex digits). */
  @IsString()
  @MaxLength(64)
  mac: string;
}
