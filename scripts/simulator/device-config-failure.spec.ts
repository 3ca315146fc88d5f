import type { DeviceEventLog } from './caused';
import { DeviceConfigFailure, REJECT_MESSAGE } from './device-config-failure';

/** A rejecting device of the rollout that renames the SSID to `New`, counting its expected errors. */
function rejecting() {
  let expected = 0;
  const events = { configFailed: () => (expected += 1) } as unknown as DeviceEventLog;
  const failure = new DeviceConfigFailure('reject', 'New', events);
  expect(failure.rejects({ revision: 'r2', ssids: [{ ssid_name: 'New' }] })).toBe(true);
  return { failure, expected: () => expected };
}

describe('DeviceConfigFailure', () => {
  it('expects one device.config_failed when the service still gives the rejected revision', () => {
    const { failure, expected } = rejecting();
    const sent = failure.toSend();
    expect(sent).toEqual({ revision: 'r2', message: REJECT_MESSAGE });
    failure.taken(sent, 'r2');
    expect(expected()).toBe(1);
    expect(failure.toSend()).toBeUndefined();
  });

  it('expects none when the rollout was reverted before the error arrived (it runs what it is given)', () => {
    const { failure, expected } = rejecting();
    failure.taken(failure.toSend(), 'r1');
    expect(expected()).toBe(0);
    expect(failure.toSend()).toBeUndefined();
  });

  it('keeps the error to send until a check-in carrying it is answered', () => {
    const { failure, expected } = rejecting();
    failure.taken(undefined, 'r2');
    expect(expected()).toBe(0);
    expect(failure.toSend()).toEqual({ revision: 'r2', message: REJECT_MESSAGE });
  });

  it('never fails the network configuration a revert gives back', () => {
    const { failure } = rejecting();
    expect(failure.rejects({ revision: 'r1', ssids: [{ ssid_name: 'Old' }] })).toBe(false);
  });
});
