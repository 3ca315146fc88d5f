import { IsIn, IsOptional } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import {
  CONFIG_OUTCOMES,
  CONFIG_ROLLOUT_STATES,
  ConfigOutcome,
  ConfigRolloutState,
} from '../config-rollout.entity';

/** `:id` of /v1/config_rollouts/:id. */
export class ConfigRolloutIdParamDto {
  @IsId()
  id: number;
}

/** Query of GET /v1/config_rollouts. */
export class ConfigRolloutsQueryDto extends PaginationQueryDto {
  /** Only the rollouts of this network. */
  @IsOptional()
  @IsId()
  network_id?: number;

  /** Only the rollouts in this state. */
  @IsOptional()
  @IsIn(CONFIG_ROLLOUT_STATES, {
    message: `state must be one of: ${CONFIG_ROLLOUT_STATES.join(', ')}`,
  })
  state?: ConfigRolloutState;
}

/** Query of GET /v1/config_rollouts/:id/devices. */
export class ConfigRolloutDevicesQueryDto extends PaginationQueryDto {
  /** Only the devices with this outcome (`failed`: the ones to look at after a halt). */
  @IsOptional()
  @IsIn(CONFIG_OUTCOMES, {
    message: `outcome must be one of: ${CONFIG_OUTCOMES.join(', ')}`,
  })
  outcome?: ConfigOutcome;
}
