import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { PaginationQueryDto } from '../../common/pagination/pagination';

/**
 * The fields of an alert rule. The service checks the values (alert-rules.ts:
 * ruleFields), naming every bad one at once.
 */
export class AlertRuleFieldsDto {
  /** 1 to 255 characters. */
  @IsOptional()
  name?: string;

  /** device_down, config_failed, upgrade_failed, rollout_halted or clients_above. */
  @IsOptional()
  type?: string;

  /**
   * Empty or absent: every network and the devices in none. An id that names no network of the
   * organisation (one outside 1..2147483647 included) is refused, naming it.
   */
  @IsOptional()
  network_ids?: number[] | null;

  /** device_down (default 300) and clients_above (default 0): 0 to 86400. */
  @IsOptional()
  for_seconds?: number | null;

  /** clients_above only (required): an integer from 0 to 2147483647. */
  @IsOptional()
  threshold?: number | null;

  /** At most 20 addresses. */
  @IsOptional()
  emails?: string[] | null;

  /** Defaults to true. */
  @IsOptional()
  enabled?: boolean;
}

export class AlertRuleBodyDto {
  @IsObject()
  @ValidateNested()
  @Type(() => AlertRuleFieldsDto)
  alert_rule: AlertRuleFieldsDto;
}

/** `:id` of /v1/alert_rules/:id. */
export class AlertRuleIdParamDto {
  @IsId()
  id: number;
}

/** `:id` of /v1/alerts/:id/acknowledge. */
export class AlertIdParamDto {
  @IsId()
  id: number;
}

/** GET /v1/alerts. */
export class AlertsQueryDto extends PaginationQueryDto {
  @IsOptional()
  @IsIn(['open', 'resolved'])
  state?: 'open' | 'resolved';

  @IsOptional()
  @IsId()
  alert_rule_id?: number;

  @IsOptional()
  mac_id?: string;

  @IsOptional()
  @IsId()
  network_id?: number;
}
