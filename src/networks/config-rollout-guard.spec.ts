import { configChangeBlocked } from './config-rollout-guard';

describe('configChangeBlocked', () => {
  it('blocks a change of the configuration of a network a configuration rollout runs on', () => {
    expect(configChangeBlocked({ config_rollout_id: 12 })).toBe(true);
  });

  it('lets a change of a network without a running configuration rollout go ahead', () => {
    expect(configChangeBlocked({ config_rollout_id: null })).toBe(false);
  });
});
