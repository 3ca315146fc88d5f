import { WifiSite } from './wifi-site';

/** A repeatable sequence in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('WifiSite', () => {
  it('gives each access point valid, distinct stations whose signal stays in range', () => {
    const site = new WifiSite(5, undefined, seeded(7));
    for (let round = 0; round < 200; round++) {
      const stations = site.stationsOf(round % 5, 'Guest');
      expect(new Set(stations.map((s) => s.mac)).size).toBe(stations.length);
      for (const s of stations) {
        expect(s.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
        expect(s.rssi).toBeGreaterThanOrEqual(-120);
        expect(s.rssi).toBeLessThanOrEqual(0);
        expect(['2.4', '5', '6']).toContain(s.band);
        expect(s.tx_bytes).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('lets clients roam to a neighbouring access point, and come and go', () => {
    const site = new WifiSite(3, { perDevice: 4, leave: 0.1, roam: 0.3 }, seeded(3));
    const seenAt = new Map<string, Set<number>>();
    const everSeen = new Set<string>();
    for (let round = 0; round < 300; round++) {
      const index = round % 3;
      for (const s of site.stationsOf(index, 'Guest')) {
        everSeen.add(s.mac);
        seenAt.set(s.mac, (seenAt.get(s.mac) ?? new Set()).add(index));
      }
    }
    expect([...seenAt.values()].some((aps) => aps.size > 1)).toBe(true);
    expect(everSeen.size).toBeGreaterThan(12);
  });
});
