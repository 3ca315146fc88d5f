import { enteringEvents, leavingEvents } from './device-events';

const by = { actor: { type: 'system' as const }, at: new Date(0) };
const lobby = { id: 3, network_name: 'Lobby' };
const device = (id: number, from: number | null) => ({
  id,
  mac_id: `0A:00:00:00:00:0${id}`,
  name: null,
  from,
});

describe('device placement events', () => {
  it('claims new devices, moves those from elsewhere, and says nothing of those already there', () => {
    const events = enteringEvents(
      [device(1, null), device(2, null), device(3, 5), device(4, 3)],
      new Set([1]),
      lobby,
      by,
    );
    expect(events.map((e) => [e.type, e.device?.id, e.data])).toEqual([
      ['device.claimed', 1, { network_id: 3 }],
      ['device.moved', 2, { from_network_id: null, to_network_id: 3 }],
      ['device.moved', 3, { from_network_id: 5, to_network_id: 3 }],
    ]);
    expect(events.every((e) => e.network === lobby)).toBe(true);
  });

  it('names the network each leaving device leaves, none when it was in none', () => {
    const events = leavingEvents(
      'device.removed',
      [device(1, 3), device(2, null)],
      new Map([[3, lobby]]),
      by,
    );
    expect(events.map((e) => [e.type, e.network, e.data])).toEqual([
      ['device.removed', lobby, { network_id: 3 }],
      ['device.removed', null, { network_id: null }],
    ]);
  });
});
