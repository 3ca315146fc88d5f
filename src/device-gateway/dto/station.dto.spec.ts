import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CheckinDto } from './checkin.dto';
import { checkedStations, StationDto } from './station.dto';

const station = (fields: Record<string, unknown> = {}) => ({
  mac: 'a4:83:e7:12:34:56',
  ssid: 'Guest',
  band: '5',
  ...fields,
});

/** What the decorators say of a check-in listing these stations. */
async function decorators(body: Record<string, unknown>) {
  const dto = plainToInstance(CheckinDto, body);
  const errors = await validate(dto, { whitelist: true, forbidUnknownValues: false });
  return { valid: errors.length === 0, stations: dto.stations };
}

const ENTRIES: Record<string, unknown>[] = [
  station(),
  station({ mac: 'A4-83-E7-12-34-56' }),
  station({ mac: 'a483e7123456', hostname: 'phone', ip: '10.0.0.1' }),
  station({ ip: '2001:db8::1', channel: 36, rssi: -60, tx_bytes: 0, connected_seconds: 5 }),
  station({ rssi: null, channel: null, ip: null, hostname: null, unknown: 'dropped' }),
  station({ tx_bytes: Number.MAX_SAFE_INTEGER, rx_rate_kbps: 1 }),
  station({ mac: 'nope' }),
  station({ mac: 5 }),
  station({ ssid: '' }),
  station({ ssid: 'x'.repeat(33) }),
  station({ ssid: '\u{1F600}'.repeat(20) }),
  station({ ssid: '\u{1F600}'.repeat(33) }),
  station({ ssid: '\uFE0F' }),
  station({ ssid: 'x\uFE0F'.repeat(32) }),
  station({ ssid: 'x\uFE0F'.repeat(33) }),
  station({ ssid: '\u{1F600}\uFE0F' }),
  station({ ssid: 7 }),
  station({ band: 5 }),
  station({ band: '7' }),
  station({ channel: 0 }),
  station({ channel: 234 }),
  station({ channel: 6.5 }),
  station({ channel: '6' }),
  station({ rssi: 1 }),
  station({ rssi: -121 }),
  station({ tx_bytes: Number.MAX_SAFE_INTEGER + 1 }),
  station({ rx_bytes: -1 }),
  station({ connected_seconds: -1 }),
  station({ ip: '10.0.0' }),
  station({ ip: 10 }),
  station({ hostname: 'h'.repeat(256) }),
  station({ hostname: 'h'.repeat(255) }),
  station({ hostname: 'h'.repeat(250) + '\u{1F600}'.repeat(5) }),
  station({ hostname: 'h'.repeat(250) + '\u{1F600}'.repeat(6) }),
  station({ channel: -0, rssi: -0, tx_bytes: -0 }),
  station({ rssi: -120.5 }),
  station({ tx_rate_kbps: Infinity }),
  station({ rx_rate_kbps: NaN }),
  station({ mac: 'AA:BB:CC:DD:EE:F' }),
  station({ mac: 'aA:bB:cC:dD:eE:fF' }),
  station({ hostname: 3 }),
];

describe('checkedStations', () => {
  it.each(ENTRIES.map((entry, i) => [i, entry]))(
    'agrees with the decorators on entry %i',
    async (_i, entry) => {
      const list = [entry, station({ mac: '00:11:22:33:44:55' })];
      const expected = await decorators({ stations: list });
      const checked = checkedStations(list, {});
      expect(checked !== undefined).toBe(expected.valid);
      if (checked) {
        expect(checked.every((s) => s instanceof StationDto)).toBe(true);
        // class-validator's whitelist drops the fields StationDto does not have.
        const whitelisted = expected.stations!.map((s) => {
          const copy: Record<string, unknown> = { ...s };
          delete copy.unknown;
          return copy;
        });
        expect(checked.map((s) => ({ ...s }))).toEqual(whitelisted);
      }
    },
  );

  it('refuses what the list and clients rules refuse', async () => {
    const twice = [station(), station({ mac: 'A4:83:E7:12:34:56' })];
    expect(checkedStations(twice, {})).toBeUndefined();
    expect((await decorators({ stations: twice })).valid).toBe(false);
    const one = [station()];
    expect(checkedStations(one, { clients: 2 })).toBeUndefined();
    expect((await decorators({ stations: one, clients: 2 })).valid).toBe(false);
    expect(checkedStations(one, { clients: 1 })).toHaveLength(1);
    expect(checkedStations(one, { clients: null })).toHaveLength(1);
    const many = Array.from({ length: 1025 }, (_, i) =>
      station({ mac: (0x020000000000 + i).toString(16).padStart(12, '0') }),
    );
    expect(checkedStations(many, {})).toBeUndefined();
    expect(checkedStations(many.slice(0, 1024), {})).toHaveLength(1024);
    expect(checkedStations([[station()]], {})).toBeUndefined();
    expect(checkedStations([null], {})).toBeUndefined();
  });
});
