import { CheckinHeartbeat, foldCheckins } from './checkin-heartbeat';

type Stored = Record<string, unknown>;

/** What a check-in's upsert does to a stored record (HeartbeatsRepository.upsertCheckins). */
function apply(stored: Stored, c: CheckinHeartbeat): Stored {
  return {
    name: c.name ?? stored.name,
    firmware_version: c.firmware_version ?? stored.firmware_version,
    hardware_model: c.hardware_model ?? stored.hardware_model,
    network_name: c.network_name,
    public_ip: c.public_ip,
    received_at: c.at,
    clients: c.clients ?? null,
    uptime_seconds: c.uptime_seconds ?? null,
    applied_revision: c.applied_revision ?? stored.applied_revision,
    config_error: c.config_error ?? stored.config_error,
  };
}

const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, second));
const stored: Stored = {
  name: 'stored',
  firmware_version: '0.9',
  hardware_model: 'AX1',
  applied_revision: 'r0',
  config_error: undefined,
};

describe('foldCheckins', () => {
  it.each<[string, CheckinHeartbeat, CheckinHeartbeat]>([
    [
      'the later omits name, firmware and model',
      {
        device_id: 1,
        organisation_id: 1,
        at: at(1),
        name: 'ap',
        firmware_version: '1.0',
        hardware_model: 'AX3',
        network_name: 'Lobby',
        public_ip: '10.0.0.1',
        clients: 4,
        uptime_seconds: 9,
      },
      { device_id: 1, organisation_id: 1, at: at(2), network_name: null, public_ip: '10.0.0.2' },
    ],
    [
      'the later gives them anew',
      {
        device_id: 1,
        organisation_id: 1,
        at: at(1),
        name: 'ap',
        network_name: 'Lobby',
        public_ip: '10.0.0.1',
      },
      {
        device_id: 1,
        organisation_id: 1,
        at: at(2),
        name: 'renamed',
        firmware_version: '2.0',
        network_name: 'Hall',
        public_ip: '10.0.0.1',
        clients: 2,
      },
    ],
    [
      'a configuration report in either',
      {
        device_id: 1,
        organisation_id: 1,
        at: at(1),
        network_name: null,
        public_ip: '10.0.0.1',
        applied_revision: 'r1',
        config_error: { revision: 'r2', message: 'bad key' },
      },
      {
        device_id: 1,
        organisation_id: 1,
        at: at(2),
        network_name: null,
        public_ip: '10.0.0.1',
        applied_revision: 'r3',
      },
    ],
  ])('writes once what the two would write one after the other: %s', (_case, earlier, later) => {
    expect(apply(stored, foldCheckins(earlier, later))).toEqual(
      apply(apply(stored, earlier), later),
    );
  });

  it('takes the later check-in’s time, address and counters', () => {
    const folded = foldCheckins(
      {
        device_id: 1,
        organisation_id: 1,
        at: at(1),
        network_name: 'A',
        public_ip: '1.1.1.1',
        clients: 3,
      },
      { device_id: 1, organisation_id: 1, at: at(2), network_name: 'B', public_ip: '2.2.2.2' },
    );
    expect(folded).toMatchObject({ at: at(2), network_name: 'B', public_ip: '2.2.2.2' });
    expect(folded.clients).toBeUndefined();
  });
});
