import { Type } from 'class-transformer';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import { MAX_DESCRIPTION_LENGTH } from '../webhook-rules';

/**
 * The fields of a webhook. The service checks every value (webhook-rules:
 * webhookProblems), so that one answer names every bad one.
 */
export class WebhookFieldsDto {
  /**
   * `http` or `https`, at most 2,048 characters (also once stored), no user info (not even an
   * empty one). Stored as its WHATWG serialisation, percent-encoded where a URI needs it.
   */
  @IsOptional()
  url?: string;

  /** Types of the events section, family prefixes (`device.*`), or `*`. */
  @IsOptional()
  event_types?: string[];

  @IsOptional()
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  description?: string | null;

  /** Defaults to true. */
  @IsOptional()
  enabled?: boolean;
}

export class WebhookBodyDto {
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookFieldsDto)
  webhook: WebhookFieldsDto;
}

/** `:id` of /v1/webhooks/:id. */
export class WebhookIdParamDto {
  @IsId()
  id: number;
}

/** `:id` and `:delivery_id` of a delivery's route. */
export class DeliveryParamsDto {
  @IsId()
  id: number;

  @IsId()
  delivery_id: number;
}

export class DeliveriesQueryDto extends PaginationQueryDto {
  @IsOptional()
  @IsIn(['pending', 'succeeded', 'failed'])
  state?: 'pending' | 'succeeded' | 'failed';
}
