import { IsId } from '../../common/ids/id';

/** `:id` of /v1/rollouts/:id. */
export class RolloutIdParamDto {
  @IsId()
  id: number;
}
