import {
  continuedLiveJson,
  liveStations,
  parsedLiveStations,
  planStations,
  ReportedStation,
  stationsDigest,
} from './station-plan';

const A = 'AA:AA:AA:AA:AA:01';
const B = 'AA:AA:AA:AA:AA:02';
const C = 'AA:AA:AA:AA:AA:03';
const station = (mac: string, extra: Partial<ReportedStation> = {}): ReportedStation => ({
  mac,
  ssid: 'Guest',
  band: '5',
  ...extra,
});
const open = (
  mac: string,
  extra: Partial<{ ip: string | null; hostname: string | null }> = {},
) => ({
  mac,
  ssid: 'Guest',
  band: '5',
  ip: null,
  hostname: null,
  ...extra,
});

describe('stationsDigest', () => {
  it('names the set whatever its order, and changes with a kept field but not with the signal', () => {
    const one = stationsDigest([station(A, { rssi: -50 }), station(B)]);
    expect(stationsDigest([station(B), station(A, { rssi: -80, tx_bytes: 9 })])).toBe(one);
    expect(stationsDigest([station(A), station(B, { ip: '10.0.0.2' })])).not.toBe(one);
    expect(stationsDigest([station(A), station(B, { band: '2.4' })])).not.toBe(one);
    expect(stationsDigest([station(A)])).not.toBe(one);
  });
});

describe('planStations', () => {
  it('ends the unlisted, starts the new and rewrites only a session whose kept fields changed', () => {
    const plan = planStations([open(A), open(B, { ip: '10.0.0.2' })], {}, [
      station(C),
      station(B, { ip: '10.0.0.3' }),
    ]);
    expect(plan.ended).toEqual([A]);
    expect(plan.started.map((s) => s.mac)).toEqual([C]);
    expect(plan.described.map((s) => s.mac)).toEqual([B]);
  });

  it('keeps a session whose entry omits its address and host name', () => {
    const plan = planStations([open(A, { ip: '10.0.0.2', hostname: 'x' })], {}, [station(A)]);
    expect(plan).toMatchObject({ ended: [], started: [], described: [] });
  });

  it('starts the clients in MAC order (one order for every instance)', () => {
    const plan = planStations([], {}, [station(C), station(A), station(B)]);
    expect(plan.started.map((s) => s.mac)).toEqual([A, B, C]);
  });
});

describe('liveStations', () => {
  it('keeps the lowest signal and omitted values of a session that goes on, not of a new one', () => {
    const before = liveStations(
      {},
      [station(A, { rssi: -70, tx_bytes: 5, channel: 36 })],
      () => false,
    );
    expect(before[A]).toEqual({
      channel: 36,
      rssi: -70,
      rssi_min: -70,
      tx_rate_kbps: null,
      rx_rate_kbps: null,
      tx_bytes: 5,
      rx_bytes: null,
    });
    const after = liveStations(before, [station(A, { rssi: -40 })], () => true);
    expect(after[A]).toMatchObject({ rssi: -40, rssi_min: -70, tx_bytes: 5, channel: 36 });
    const fresh = liveStations(before, [station(A, { rssi: -40 })], () => false);
    expect(fresh[A]).toMatchObject({ rssi: -40, rssi_min: -40, tx_bytes: null });
  });
});

describe('continuedLiveJson', () => {
  it('writes what liveStations writes for stations that all go on, as the same JSON text', () => {
    const previous = parsedLiveStations(
      JSON.stringify(
        liveStations(
          {},
          [
            station(A, { rssi: -70, tx_bytes: 5, channel: 36, rx_rate_kbps: 0 }),
            station(B, { rssi: -0, tx_rate_kbps: 866_000 }),
          ],
          () => false,
        ),
      ),
    );
    // A value missing from the stored record and from the entry is written as null.
    delete (previous[B] as Partial<(typeof previous)[string]>).channel;
    const listed = [
      station(B, { rssi: -81, rx_bytes: Number.MAX_SAFE_INTEGER }),
      station(A, { rssi: -40 }),
      station(C, { rssi: -60, channel: 6 }),
    ];
    const text = continuedLiveJson(previous, listed);
    expect(text).toBe(JSON.stringify(liveStations(previous, listed, (mac) => mac in previous)));
    expect(JSON.parse(text)).toEqual({
      [B]: {
        channel: null,
        rssi: -81,
        rssi_min: -81,
        tx_rate_kbps: 866_000,
        rx_rate_kbps: null,
        tx_bytes: null,
        rx_bytes: Number.MAX_SAFE_INTEGER,
      },
      [A]: {
        channel: 36,
        rssi: -40,
        rssi_min: -70,
        tx_rate_kbps: null,
        rx_rate_kbps: 0,
        tx_bytes: 5,
        rx_bytes: null,
      },
      [C]: {
        channel: 6,
        rssi: -60,
        rssi_min: -60,
        tx_rate_kbps: null,
        rx_rate_kbps: null,
        tx_bytes: null,
        rx_bytes: null,
      },
    });
    expect(continuedLiveJson(previous, [])).toBe('{}');
  });
});
