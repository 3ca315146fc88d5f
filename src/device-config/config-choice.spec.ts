import { chooseConfiguration, ConfigChoiceFacts, RolloutFacts } from './config-choice';

const rollout = (fields: Partial<RolloutFacts> = {}): RolloutFacts => ({
  id: 9,
  network_id: 3,
  state: 'running',
  base_version: 4,
  opened_stages: 1,
  reverted: false,
  ...fields,
});

const facts = (fields: Partial<ConfigChoiceFacts> = {}): ConfigChoiceFacts => ({
  network: { id: 3, config_version: 4 },
  rollout: rollout(),
  stage: 1,
  ...fields,
});

const NETWORK = { source: 'network' };
const ROLLOUT = { source: 'rollout', rollout_id: 9 };

describe('chooseConfiguration', () => {
  it.each<[string, Partial<ConfigChoiceFacts>, object]>([
    ['a device of an opened stage of a running rollout: the rollout', {}, ROLLOUT],
    ['a device in no network: the network (none)', { network: null }, NETWORK],
    ['a network without a rollout', { rollout: null }, NETWORK],
    ['a device that is not one of the rollout devices (moved in later)', { stage: null }, NETWORK],
    ['a device of a stage not opened yet', { stage: 2 }, NETWORK],
    [
      'a device moved into another network (the rollout is not of its network)',
      { network: { id: 5, config_version: 4 } },
      NETWORK,
    ],
    [
      'a halted rollout, not reverted, the network unchanged: still the rollout',
      { rollout: rollout({ state: 'halted' }) },
      ROLLOUT,
    ],
    [
      'a halted rollout that was reverted',
      { rollout: rollout({ state: 'halted', reverted: true }) },
      NETWORK,
    ],
    [
      'a halted rollout after the network changed',
      { rollout: rollout({ state: 'halted' }), network: { id: 3, config_version: 5 } },
      NETWORK,
    ],
    [
      'a completed rollout (its SSIDs are the network SSIDs now)',
      {
        rollout: rollout({ state: 'completed', opened_stages: 2 }),
        network: { id: 3, config_version: 5 },
      },
      NETWORK,
    ],
    [
      'a halted rollout: a stage that never opened',
      { rollout: rollout({ state: 'halted' }), stage: 2 },
      NETWORK,
    ],
  ])('%s', (_name, given, expected) => {
    expect(chooseConfiguration(facts(given))).toEqual(expected);
  });
});
