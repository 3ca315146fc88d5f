import { PaginationMetaResponse } from '../../common/pagination/pagination.response';
import { ArrayOf, Envelope, Of } from '../../common/openapi/response-schema';
import { RolloutResponse } from '../../upgrades/dto/rollout.response';

export class RolloutsData {
  @ArrayOf(() => RolloutResponse)
  rollouts: RolloutResponse[];

  @Of(() => PaginationMetaResponse)
  meta: PaginationMetaResponse;
}

export class RolloutData {
  @Of(() => RolloutResponse)
  rollout: RolloutResponse;
}

/** `GET /v1/rollouts`: `{data: {rollouts, meta}, status: 200}`. */
export const RolloutsResponse = Envelope('RolloutsResponse', () => RolloutsData);

/** `GET /v1/rollouts/:id` and the halt: `{data: {rollout}, status: 200}`. */
export const RolloutShowResponse = Envelope('RolloutShowResponse', () => RolloutData);
