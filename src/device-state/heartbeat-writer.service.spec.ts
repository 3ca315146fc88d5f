import { CheckinHeartbeat } from './checkin-heartbeat';
import { onePerDevice } from './heartbeat-writer.service';

const checkin = (deviceId: number, fields: Partial<CheckinHeartbeat> = {}): CheckinHeartbeat => ({
  device_id: deviceId,
  organisation_id: 1,
  at: new Date(0),
  network_name: null,
  public_ip: '10.0.0.1',
  ...fields,
});

describe('onePerDevice (a batch of check-ins as one row per device)', () => {
  it('folds a later check-in over an earlier one of the same device, in the order they came', () => {
    expect(
      onePerDevice([
        checkin(1, { name: 'ap-1', firmware_version: '1.0', clients: 3 }),
        checkin(2, { clients: 1 }),
        checkin(1, { firmware_version: '1.1' }),
      ]),
    ).toEqual([
      checkin(1, { name: 'ap-1', firmware_version: '1.1', clients: undefined }),
      checkin(2, { clients: 1 }),
    ]);
  });
});
