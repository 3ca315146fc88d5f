import { hashDeviceSecret } from '../catalogue/device-secret';
import { DeviceUnauthenticatedError } from '../common/errors';
import { DeviceFacts } from '../read-side/gateway-reads.repository';
import {
  CREDENTIALS_CACHE_TTL_MS,
  DeviceCredentialsService,
  deviceMacFromUserName,
} from './device-credentials.service';

const MAC = '0A:00:00:00:00:01';
const SECRET = 'factory:secret:0001';

/** The catalogue and the inventories as the service sees them, changeable between calls. */
function world() {
  const state = {
    secretHash: hashDeviceSecret(SECRET) as string | null | undefined,
    holder: null as { id: number; organisation_id: number } | null,
    facts: { device: { id: 7 } } as unknown as DeviceFacts,
    lookups: 0,
  };
  const source = {
    byMac: () => {
      state.lookups += 1;
      const secretHash = state.secretHash ?? null;
      const holder =
        secretHash !== null && state.holder
          ? { device_id: state.holder.id, organisation_id: state.holder.organisation_id }
          : null;
      return Promise.resolve({ secretHash, holder, facts: holder ? state.facts : null });
    },
  };
  let now = 1_000_000; // lru-cache treats an entry stored at time 0 as never stale
  const clock = { now: () => now };
  const service = new DeviceCredentialsService(source, clock);
  return { state, service, advance: (ms: number) => (now += ms) };
}

describe('DeviceCredentialsService: HTTP Basic with the MAC and the factory secret', () => {
  it('reads the user name as 12 hex digits or AA-BB-CC-DD-EE-FF, any case, and nothing else', () => {
    expect(deviceMacFromUserName('0a0000000001')).toBe(MAC);
    expect(deviceMacFromUserName('0a-00-00-00-00-01')).toBe(MAC);
    expect(deviceMacFromUserName('0A:00:00:00:00:01')).toBeNull();
    expect(deviceMacFromUserName('0a00000000')).toBeNull();
    expect(deviceMacFromUserName('0a-0000-000001')).toBeNull();
  });

  it('answers 403 1037 for an unclaimed device, and sees a claim within 10 seconds', async () => {
    const { state, service, advance } = world();
    await expect(service.verify('0a0000000001', SECRET)).rejects.toMatchObject({
      code: 1037,
    });
    state.holder = { id: 7, organisation_id: 3 };
    advance(CREDENTIALS_CACHE_TTL_MS - 1);
    await expect(service.verify('0a0000000001', SECRET)).rejects.toMatchObject({ code: 1037 });
    advance(2);
    await expect(service.verify('0a0000000001', SECRET)).resolves.toEqual({
      kind: 'device',
      device_id: 7,
      organisation_id: 3,
      mac_id: MAC,
    });
  });

  it('checks the secret on every request but looks the facts up once per 10 seconds', async () => {
    const { state, service, advance } = world();
    state.holder = { id: 7, organisation_id: 3 };
    await service.verify('0a0000000001', SECRET);
    await expect(service.verify('0a0000000001', `${SECRET}x`)).rejects.toBeInstanceOf(
      DeviceUnauthenticatedError,
    );
    expect(state.lookups).toBe(1);
    state.secretHash = hashDeviceSecret('a-new-factory-secret');
    advance(CREDENTIALS_CACHE_TTL_MS + 1);
    await expect(service.verify('0a0000000001', SECRET)).rejects.toBeInstanceOf(
      DeviceUnauthenticatedError,
    );
    await expect(service.verify('0a0000000001', 'a-new-factory-secret')).resolves.toMatchObject({
      device_id: 7,
    });
    expect(state.lookups).toBe(2);
  });

  it('answers 401 1036 for an unknown MAC and for an entry without a secret', async () => {
    const { state, service, advance } = world();
    state.secretHash = undefined;
    await expect(service.verify('0a0000000001', SECRET)).rejects.toBeInstanceOf(
      DeviceUnauthenticatedError,
    );
    advance(CREDENTIALS_CACHE_TTL_MS + 1);
    state.secretHash = null;
    await expect(service.verify('0a0000000001', SECRET)).rejects.toBeInstanceOf(
      DeviceUnauthenticatedError,
    );
  });

  it('hands the route the device facts read with its credentials, once, and none after a cache hit', async () => {
    const { state, service } = world();
    state.holder = { id: 7, organisation_id: 3 };
    const first = await service.verify('0a0000000001', SECRET);
    expect(service.takeFacts(first)).toBe(state.facts);
    expect(service.takeFacts(first)).toBeUndefined();
    const cached = await service.verify('0a0000000001', SECRET);
    expect(service.takeFacts(cached)).toBeUndefined();
    expect(state.lookups).toBe(1);
  });
});
