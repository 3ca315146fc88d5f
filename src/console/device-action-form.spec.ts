import { deviceActionOf } from './device-action-form';

describe('deviceActionOf', () => {
  it('reads each action on the ticked devices', () => {
    const devices = ['0A:00:00:00:00:01', '0A:00:00:00:00:02'];
    expect(deviceActionOf({ action: 'move', devices, network_id: '7' })).toEqual({
      kind: 'move',
      macs: devices,
      networkId: 7,
    });
    expect(deviceActionOf({ action: 'release', devices: devices[0] })).toEqual({
      kind: 'release',
      macs: [devices[0]],
    });
    expect(deviceActionOf({ action: 'remove', devices })).toEqual({
      kind: 'remove',
      macs: devices,
    });
    expect(deviceActionOf({ action: 'tags', devices, tags: ' lobby, floor-2 ,lobby,' })).toEqual({
      kind: 'tags',
      macs: devices,
      tags: ['lobby', 'floor-2'],
    });
    expect(deviceActionOf({ action: 'tags', devices, tags: '' })).toEqual({
      kind: 'tags',
      macs: devices,
      tags: [],
    });
  });

  it('says why a form cannot be carried out', () => {
    expect(deviceActionOf({ action: 'release' })).toEqual({ problem: 'Tick at least one device.' });
    expect(deviceActionOf({ action: 'move', devices: 'x', network_id: '' })).toEqual({
      problem: 'Choose the network to move the devices to.',
    });
    expect(deviceActionOf({ action: 'launch', devices: 'x' })).toEqual({
      problem: 'Choose what to do with the devices.',
    });
    expect(deviceActionOf({ action: 'tags', devices: 'x', tags: 'a'.repeat(256) })).toEqual({
      problem: 'At most 100 tags of at most 255 characters.',
    });
  });

  it('reads an uplink template to apply, and asks for one when none is chosen', () => {
    expect(
      deviceActionOf({ action: 'uplinks', devices: ['A', 'B'], init_template_id: '7' }),
    ).toEqual({ kind: 'uplinks', macs: ['A', 'B'], templateId: 7 });
    for (const init_template_id of ['', '0', '-1', '1.5', 'x', undefined]) {
      expect(deviceActionOf({ action: 'uplinks', devices: 'A', init_template_id })).toEqual({
        problem: 'Choose the uplink template to apply to the devices.',
      });
    }
  });

  it('reads an action on every device the filters match: the filters, never the page or order', () => {
    expect(
      deviceActionOf({
        action: 'move',
        network_id: '4',
        scope: 'matching',
        filter: 'tag=lobby&status=DOWN&sort=name&page=3&size=50&select=all',
      }),
    ).toEqual({
      kind: 'move',
      macs: [],
      networkId: 4,
      filter: {
        page: 1,
        network: undefined,
        status: 'DOWN',
        firmware: undefined,
        q: undefined,
        tag: 'lobby',
        sync: undefined,
      },
    });
    // An empty filter is every device; a missing one is refused, as is a missing choice.
    expect(deviceActionOf({ action: 'release', scope: 'matching', filter: '' })).toMatchObject({
      kind: 'release',
      filter: { page: 1 },
    });
    expect(deviceActionOf({ action: 'release', scope: 'matching' })).toEqual({
      problem: 'The filters of the devices to act on are missing: select them again.',
    });
    expect(deviceActionOf({ action: 'move', scope: 'matching', filter: '' })).toEqual({
      problem: 'Choose the network to move the devices to.',
    });
  });
});
