import { MAX_LIST_ENTRIES } from '../common/limits/list-limit';
import { Upgrade } from '../firmware/upgrade.entity';
import { UpgradeData } from '../firmware/upgrade-data.entity';
import {
  planUpgradeWrite,
  targetsOf,
  TargetedDevice,
  UpgradeWriteFacts,
} from './upgrade-write-plan';

/** The rules of upgrade create and update over plain facts, without a database. */
const release = (fields: Partial<UpgradeData>): UpgradeData =>
  ({
    id: 1,
    organisation_id: null,
    version: '2.0.0',
    is_released: true,
    url: {},
    ...fields,
  }) as UpgradeData;

const device = (id: number, fields: Partial<TargetedDevice> = {}): TargetedDevice => ({
  id,
  mac_id: `AA:00:00:00:00:0${id}`,
  part_number: 'P1',
  pending_id: null,
  ...fields,
});

const facts = (fields: Partial<UpgradeWriteFacts> = {}): UpgradeWriteFacts => ({
  existing: null,
  releases: [release({ url: { P1: 'https://fw/2.bin' } })],
  includeUnreleased: false,
  ownNetworkIds: new Set([5]),
  ownTagIds: new Set([9]),
  devices: [device(1), device(2)],
  ...fields,
});

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { body(): unknown }).body();
  }
  throw new Error('expected a refusal');
};

describe('planUpgradeWrite', () => {
  it('creates pending upgrades of the newest released version for every targeted device', () => {
    const plan = planUpgradeWrite(facts(), { aps: ['AP:1', 'network:5'] });
    expect(plan).toEqual({
      attributes: {
        version: '2.0.0',
        upgrade_type: 'automatic',
        save_prev_config: false,
        schedule_type: 'now',
        schedule_at: null,
        time_zone: null,
      },
      devices: [device(1), device(2)],
      created: true,
    });
  });

  it('says updated when a targeted device already had a pending upgrade', () => {
    const plan = planUpgradeWrite(facts({ devices: [device(1, { pending_id: 40 })] }), {
      aps: ['AP:1'],
    });
    expect(plan.created).toBe(false);
    expect(plan.devices).toEqual([device(1, { pending_id: 40 })]);
  });

  it('answers the errors in the order of the rules: schedule, release, targets, firmware', () => {
    const broken = facts({ releases: [], ownNetworkIds: new Set(), devices: [] });
    expect(
      refusal(() => planUpgradeWrite(broken, { schedule_type: 'later', aps: ['network:6'] })),
    ).toEqual({
      message:
        'schedule_at is required when schedule_type is later, time_zone is required when schedule_type is later',
      status: 422,
    });
    expect(refusal(() => planUpgradeWrite(broken, { aps: ['network:6'] }))).toEqual({
      message: 'No upgrade data available',
      status: 422,
    });
    expect(refusal(() => planUpgradeWrite(facts(), {}))).toEqual({
      message: 'aps must name at least one target',
      status: 422,
    });
    expect(refusal(() => planUpgradeWrite(facts(), { aps: ['AP:x', 'network:6'] }))).toEqual({
      message: 'Invalid targets: AP:x',
      status: 422,
    });
    expect(
      refusal(() => planUpgradeWrite(facts(), { aps: ['network:6', 'tag:9', 'tag:8'] })),
    ).toEqual({
      message: 'Invalid targets: network:6, tag:8',
      status: 422,
    });
    expect(refusal(() => planUpgradeWrite(facts({ devices: [] }), { aps: ['tag:9'] }))).toEqual({
      message: 'No device of the organisation matches the targets',
      status: 422,
    });
    expect(refusal(() => planUpgradeWrite(facts(), { aps: ['AP:1', 'AP:3'] }))).toEqual({
      message: 'Invalid targets: AP:3',
      status: 422,
    });
    const otherPart = facts({ devices: [device(1), device(2, { part_number: 'P2' })] });
    expect(refusal(() => planUpgradeWrite(otherPart, { aps: ['AP:1', 'AP:2'] }))).toEqual({
      message: 'Version 2.0.0 has no firmware for the hardware of devices: AA:00:00:00:00:02',
      status: 422,
    });
  });

  it('refuses more targets than the list limit without reading them (targetsOf names none)', () => {
    const aps = Array.from({ length: MAX_LIST_ENTRIES + 1 }, (_, k) => `AP:${k + 1}`);
    expect(targetsOf({ aps }, null).deviceIds).toEqual([]);
    expect(refusal(() => planUpgradeWrite(facts(), { aps }))).toMatchObject({ status: 422 });
  });

  it('takes firmware from any record of the version for each part (the one release rule)', () => {
    const releases = [
      release({ id: 1, url: { P1: 'https://fw/p1.bin' } }),
      release({ id: 2, url: { P2: 'https://fw/p2.bin' } }),
    ];
    const both = facts({ releases, devices: [device(1), device(2, { part_number: 'P2' })] });
    const plan = planUpgradeWrite(both, {
      upgrade_type: 'manual',
      version: '2.0.0',
      aps: ['AP:1', 'AP:2'],
    });
    expect(plan.attributes.version).toBe('2.0.0');
  });

  it('on update keeps the existing values the input leaves out, and targets its own device', () => {
    const existing = {
      id: 40,
      device_id: 7,
      version: '2.0.0',
      upgrade_type: 'automatic',
      schedule_type: 'now',
      schedule_at: null,
      time_zone: 'Europe/Paris',
      save_prev_config: true,
    } as unknown as Upgrade;
    expect(targetsOf({ aps: ['AP:1'] }, existing).deviceIds).toEqual([7, 1]);
    const plan = planUpgradeWrite(
      facts({ existing, devices: [device(7, { pending_id: 40 })] }),
      {},
    );
    expect(plan.attributes).toMatchObject({ save_prev_config: true, time_zone: 'Europe/Paris' });
    expect(plan.created).toBe(false);
  });
});
