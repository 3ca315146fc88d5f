import { PageData } from '../../common/pagination/pagination.response';
import { Data, Envelope, Of } from '../../common/openapi/response-schema';
import { RolloutResponse } from '../../upgrades/dto/rollout.response';

const RolloutsData = PageData('RolloutsData', 'rollouts', () => RolloutResponse);
const RolloutData = Data('RolloutData', { rollout: Of(() => RolloutResponse) });

/** `GET /v1/rollouts`: `{data: {rollouts, meta}, status: 200}`. */
export const RolloutsResponse = Envelope('RolloutsResponse', () => RolloutsData);

/** `GET /v1/rollouts/:id` and the halt: `{data: {rollout}, status: 200}`. */
export const RolloutShowResponse = Envelope('RolloutShowResponse', () => RolloutData);
