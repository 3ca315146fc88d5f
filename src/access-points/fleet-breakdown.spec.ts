import { BreakdownRow } from '../read-side/device-status-counts.repository';
import { fleetBreakdown } from './fleet-breakdown';

const row = (fields: Partial<BreakdownRow>): BreakdownRow => ({
  network: null,
  version: null,
  total: 0,
  up: 0,
  never: 0,
  seen: 0,
  inSync: 0,
  ...fields,
});

describe('fleetBreakdown', () => {
  it('adds the groups up into the fleet, per network, per firmware version and by sync', () => {
    const breakdown = fleetBreakdown([
      row({ network: 1, version: '1.2.10', total: 5, up: 4, seen: 5, inSync: 3 }),
      row({ network: 1, version: '1.2.9', total: 2, up: 1, seen: 2, inSync: 2 }),
      row({ network: 2, version: '1.2.10', total: 2, up: 2, seen: 2, inSync: 0 }),
      row({ network: 2, version: null, total: 3, never: 3 }),
      row({ network: null, version: '1.2.9', total: 4, up: 1, seen: 4, inSync: 4 }),
    ]);
    expect(breakdown.counts).toEqual({ up: 8, down: 8, never_seen: 3 });
    expect(breakdown.sync).toEqual({ inSync: 9, outOfSync: 4 });
    expect([...breakdown.byNetwork]).toEqual([
      [1, { up: 5, down: 2, never_seen: 0 }],
      [2, { up: 2, down: 3, never_seen: 3 }],
    ]);
    expect(breakdown.firmware).toEqual([
      { version: '1.2.10', devices: 7 },
      { version: '1.2.9', devices: 6 },
      { version: null, devices: 3 },
    ]);
  });

  it('orders equal counts by version numerically, the devices that reported none last', () => {
    const { firmware } = fleetBreakdown([
      row({ network: 1, version: null, total: 2 }),
      row({ network: 1, version: '1.10.0', total: 2 }),
      row({ network: 2, version: '1.9.0', total: 2 }),
    ]);
    expect(firmware.map((f) => f.version)).toEqual(['1.9.0', '1.10.0', null]);
  });

  it('counts nothing for no devices', () => {
    expect(fleetBreakdown([])).toEqual({
      counts: { up: 0, down: 0, never_seen: 0 },
      sync: { inSync: 0, outOfSync: 0 },
      byNetwork: new Map(),
      firmware: [],
    });
  });
});
