import { ApiErrorCode, CodedError } from '../common/errors';
import { ActivationFacts, planActivation } from './activation-plan';

const A = 'AA:BB:CC:00:00:01';
const B = 'AA:BB:CC:00:00:02';
const C = 'AA:BB:CC:00:00:03';

/** Facts of organisation 1 allowed 10 devices, holding none, with A, B and C manufactured. */
function facts(overrides: Partial<ActivationFacts> = {}): ActivationFacts {
  return {
    orgId: 1,
    allowedDeviceCount: 10,
    deviceCount: 0,
    valid: [A, B],
    malformed: [],
    taken: [],
    master: [A, B, C].map((mac, i) => ({ mac_id: mac, serial: `S${i}`, hardware_part_id: 7 })),
    moveUnassigned: false,
    ...overrides,
  };
}

function refusal(f: ActivationFacts): { code: number; message: string } {
  try {
    planActivation(f);
  } catch (error) {
    const coded = error as CodedError;
    return { code: coded.code, message: coded.message };
  }
  throw new Error('expected a refusal');
}

describe('planActivation (the activation rule, without a database)', () => {
  it('creates every manufactured MAC that no inventory holds, in request order', () => {
    expect(planActivation(facts())).toEqual({
      toCreate: [
        { mac: A, serial: 'S0', partId: 7 },
        { mac: B, serial: 'S1', partId: 7 },
      ],
      toMove: [],
      macs: [A, B],
    });
  });

  it('refuses with 1006 listing malformed, unknown and taken MACs', () => {
    const f = facts({
      valid: [A, B, 'AA:BB:CC:00:00:09'],
      malformed: ['nope'],
      taken: [{ id: 5, mac_id: A, organisation_id: 2, location_network_id: null }],
    });
    expect(refusal(f)).toEqual({
      code: ApiErrorCode.InvalidMacs,
      message:
        'Invalid or already provisioned MAC identifiers: nope, AA:BB:CC:00:00:01, AA:BB:CC:00:00:09',
    });
  });

  it('moves an unassigned device of the organisation when provisioning', () => {
    const f = facts({
      moveUnassigned: true,
      taken: [{ id: 5, mac_id: A, organisation_id: 1, location_network_id: null }],
    });
    expect(planActivation(f)).toEqual({
      toCreate: [{ mac: B, serial: 'S1', partId: 7 }],
      toMove: [5],
      macs: [A, B],
    });
  });

  it.each([
    [
      'network create never moves',
      { moveUnassigned: false, organisation_id: 1, location_network_id: null },
    ],
    ['a device in a network', { moveUnassigned: true, organisation_id: 1, location_network_id: 3 }],
    [
      'another organisation\u2019s device',
      { moveUnassigned: true, organisation_id: 2, location_network_id: null },
    ],
  ])('refuses a held MAC with 1006: %s', (_, { moveUnassigned, ...held }) => {
    const f = facts({ moveUnassigned, taken: [{ id: 5, mac_id: A, ...held }] });
    expect(refusal(f).code).toBe(ApiErrorCode.InvalidMacs);
  });

  it('refuses with 1005 when the new devices would pass the allowed device count', () => {
    expect(refusal(facts({ allowedDeviceCount: 3, deviceCount: 2 }))).toEqual({
      code: ApiErrorCode.DeviceLimitReached,
      message: 'Device limit reached: the organisation may hold 3 devices',
    });
  });

  it('accepts exactly up to the allowed device count; moved devices do not count', () => {
    const f = facts({
      allowedDeviceCount: 2,
      deviceCount: 1,
      moveUnassigned: true,
      valid: [A, B],
      taken: [{ id: 5, mac_id: A, organisation_id: 1, location_network_id: null }],
    });
    expect(planActivation(f).toCreate).toHaveLength(1);
  });
});
