/** One station entry of a check-in, as the device protocol takes it. */
export interface SimStation {
  mac: string;
  ssid: string;
  band: '2.4' | '5' | '6';
  channel: number;
  rssi: number;
  tx_rate_kbps: number;
  rx_rate_kbps: number;
  tx_bytes: number;
  rx_bytes: number;
  ip: string;
  hostname: string;
}

interface SimClient {
  mac: string;
  hostname: string;
  ip: string;
  band: SimStation['band'];
  /** The access point (device index) it is associated with. */
  at: number;
  rssi: number;
  txBytes: number;
  rxBytes: number;
}

/** How a site's clients behave at each check-in of their access point. */
export interface SiteRates {
  /** Clients an access point has on average. */
  perDevice: number;
  /** Chance that a client leaves at a check-in of its access point. */
  leave: number;
  /** Chance that a client roams to a neighbouring access point. */
  roam: number;
}

export const DEFAULT_RATES: SiteRates = { perDevice: 8, leave: 0.04, roam: 0.05 };

const NAMES = ['iphone', 'pixel', 'galaxy', 'macbook', 'thinkpad', 'ipad', 'surface', 'kindle'];
const CHANNELS: Record<SimStation['band'], number[]> = {
  '2.4': [1, 6, 11],
  '5': [36, 44, 149, 157],
  '6': [37, 53, 69],
};

/**
 * The Wi-Fi clients of a simulated site: each access point (a device index) has clients that
 * come, go and roam to a neighbouring access point (index ± 1), with a signal that drifts and
 * byte counters that grow. A device asks for its stations at each check-in (`stationsOf`), which
 * moves the site on for its clients: a roam shows at the neighbour's next check-in.
 */
export class WifiSite {
  private readonly clients = new Map<string, SimClient>();
  private serial = 0;

  constructor(
    private readonly devices: number,
    private readonly rates: SiteRates = DEFAULT_RATES,
    private readonly random: () => number = Math.random,
  ) {}

  /** The stations of access point `index` now (on its SSID `ssid`), after its clients moved on. */
  stationsOf(index: number, ssid: string): SimStation[] {
    const here = [...this.clients.values()].filter((c) => c.at === index);
    for (const client of here) {
      const roll = this.random();
      if (roll < this.rates.leave) {
        this.clients.delete(client.mac);
      } else if (roll < this.rates.leave + this.rates.roam && this.devices > 1) {
        client.at = this.neighbour(index);
        client.txBytes = 0;
        client.rxBytes = 0;
      } else {
        client.rssi = Math.max(
          -92,
          Math.min(-35, client.rssi + Math.round((this.random() - 0.5) * 6)),
        );
        client.txBytes += Math.floor(this.random() * 2_000_000);
        client.rxBytes += Math.floor(this.random() * 400_000);
      }
    }
    // Arrivals keep the access point near its average.
    const count = [...this.clients.values()].filter((c) => c.at === index).length;
    if (count < this.rates.perDevice && this.random() < 0.5) {
      this.arrive(index);
    }
    return [...this.clients.values()].filter((c) => c.at === index).map((c) => this.entry(c, ssid));
  }

  private neighbour(index: number): number {
    if (index === 0) {
      return 1;
    }
    if (index === this.devices - 1) {
      return index - 1;
    }
    return this.random() < 0.5 ? index - 1 : index + 1;
  }

  private arrive(index: number): void {
    this.serial += 1;
    const n = this.serial;
    const hex = (0x020000000000 + index * 0x10000 + (n & 0xffff)).toString(16).padStart(12, '0');
    const mac = hex.toUpperCase().match(/.{2}/g)!.join(':');
    const bands: SimStation['band'][] = ['2.4', '5', '5', '6'];
    this.clients.set(mac, {
      mac,
      hostname: `${NAMES[n % NAMES.length]}-${n}`,
      ip: `10.${(index >> 8) & 255}.${index & 255}.${(n % 250) + 2}`,
      band: bands[Math.floor(this.random() * bands.length)],
      at: index,
      rssi: -45 - Math.floor(this.random() * 40),
      txBytes: 0,
      rxBytes: 0,
    });
  }

  private entry(c: SimClient, ssid: string): SimStation {
    const channels = CHANNELS[c.band];
    return {
      mac: c.mac,
      ssid,
      band: c.band,
      channel: channels[c.at % channels.length],
      rssi: c.rssi,
      tx_rate_kbps: Math.max(6500, 1_200_000 + c.rssi * 12_000),
      rx_rate_kbps: Math.max(6500, 900_000 + c.rssi * 9_000),
      tx_bytes: c.txBytes,
      rx_bytes: c.rxBytes,
      ip: c.ip,
      hostname: c.hostname,
    };
  }
}
