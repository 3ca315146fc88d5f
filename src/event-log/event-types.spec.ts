import { selectTypes, typesOf } from './event-types';

describe('selectTypes', () => {
  it('reads exact types and families, and names what it cannot read', () => {
    expect(selectTypes('device.up, rollout.*,device.nope,*,device.')).toEqual({
      types: ['device.up'],
      families: ['rollout'],
      unknown: ['device.nope', '*', 'device.'],
    });
  });

  it('expands families to their types, each once, in table order', () => {
    expect(typesOf(selectTypes('rollout.*,rollout.halted'))).toEqual([
      'rollout.created',
      'rollout.stage_opened',
      'rollout.halted',
      'rollout.completed',
    ]);
  });
});
