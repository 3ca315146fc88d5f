import { randomBytes } from 'node:crypto';
import { EventActor } from '../event-log/event.entity';
import { SYSTEM } from '../event-log/event-actor';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { InitTemplatesRepository } from '../access-points/init-templates.repository';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { Dialect } from '../database/dialect';
import { UnitOfWork } from '../database/unit-of-work';
import { HardwarePart } from '../catalogue/hardware-part.entity';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { NetworkTemplatesRepository } from '../networks/network-templates.repository';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { DevicesRepository } from '../devices/devices.repository';
import { hashDeviceSecret } from '../catalogue/device-secret';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { UpgradeDataRepository } from '../firmware/upgrade-data.repository';
import { UsersService } from '../users/users.service';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { configChanged } from '../config-changes/config-changes';

export interface DemoSeed {
  organisation_id: number;
  user_id: number;
  token: string;
  email: string;
  password: string;
  /** One demo device's credentials, claimed into the demo network. */
  device: { mac_id: string; secret: string };
}

/** A random factory secret: 32 URL-safe characters, all in 0x21..0x7E. */
function randomSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** A fresh random password for each demo admin, printed once with the token. */
function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}

const DEMO_PARTS = [
  { part_number: 'AF-AP100', wifi_uplink: false, usb: false },
  { part_number: 'AF-AP200', wifi_uplink: true, usb: false },
  { part_number: 'AF-AP300', wifi_uplink: true, usb: true },
];

/** The demo organisation (DEMO): an admin, a token, inventory, firmware, templates. */
@Injectable()
export class DemoService {
  private readonly logger = new Logger(DemoService.name);

  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly users: UsersService,
    private readonly catalogue: CatalogueRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly config: ConfigService,
    private readonly dialect: Dialect,
    private readonly initTemplates: InitTemplatesRepository,
    private readonly networkTemplates: NetworkTemplatesRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly devices: DevicesRepository,
    private readonly changes: ChangeRunner,
  ) {}

  /**
   * Creates the demo organisation when demo mode is on (the embedded default or
   * DEMO=true) and the database has no organisation yet. Instances starting at once take turns
   * under the start-up lock, so exactly one of them creates it.
   */
  async seedOnFirstStart(): Promise<DemoSeed | null> {
    if (!this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).demo) {
      return null;
    }
    const seed = await this.unitOfWork.run(async () => {
      await this.dialect.takeStartupLock(this.txHost.tx);
      return (await this.organisations.count()) > 0 ? null : this.seedDemo(SYSTEM);
    });
    if (seed) {
      this.logger.log({ organisation_id: seed.organisation_id }, 'Created the demo organisation');
    }
    return seed;
  }

  /**
   * A demo organisation (`seed:demo`, or the first start with DEMO=true: `actor`); its admin's
   * password is random, returned once.
   */
  seedDemo(actor: EventActor): Promise<DemoSeed> {
    return this.unitOfWork.run(async () => {
      const password = randomPassword();
      const existing = await this.organisations.count();
      const name = existing === 0 ? 'Demo Organisation' : `Demo Organisation ${Date.now()}`;
      const organisation = await this.organisations.create(name, 100);
      const suffix = existing === 0 ? '' : `+${organisation.id}`;
      const user = await this.users.createUser({
        organisation_id: organisation.id,
        email: `demo${suffix}@airfleet.local`,
        role: 'admin',
        password,
      });
      const { token } = await this.users.issueToken(user.id, actor, 'demo');

      // One at a time: a transaction's statements share one connection.
      const parts: HardwarePart[] = [];
      for (const part of DEMO_PARTS) {
        parts.push(
          (await this.catalogue.findPartByNumber(part.part_number)) ??
            (await this.catalogue.createPart(part)),
        );
      }
      const catalogue = Array.from({ length: 24 }, (_, i) => ({
        serial: `AFDEMO${String(i + 1).padStart(4, '0')}`,
        mac_id: `02:AF:00:00:00:${(i + 1).toString(16).toUpperCase().padStart(2, '0')}`,
        hardware_part_id: parts[i % parts.length].id,
        secret: randomSecret(),
      }));
      await this.catalogue.upsertMaster(
        catalogue.map(({ secret, ...entry }) => ({
          ...entry,
          secret_hash: hashDeviceSecret(secret),
        })),
      );
      // A device is in at most one inventory: a later seed:demo claims a free one, if any.
      const taken = new Set(
        (await this.devices.findTakenMacs(catalogue.map((entry) => entry.mac_id))).map(
          (device) => device.mac_id,
        ),
      );
      const claimed = catalogue.find((entry) => !taken.has(entry.mac_id)) ?? catalogue[0];
      const network = await this.networks.insert(organisation.id, {
        network_name: 'Demo Lobby',
        timezone: 'UTC',
      });
      if (!taken.has(claimed.mac_id)) {
        await this.devices.insertMany(organisation.id, [
          {
            mac_id: claimed.mac_id,
            serial: claimed.serial,
            hardware_part_id: claimed.hardware_part_id,
            location_network_id: network.id,
            name: network.network_name,
          },
        ]);
        await this.changes.run(organisation.id, (change) =>
          configChanged(change, { networkIds: [network.id] }),
        );
      }
      const url = Object.fromEntries(
        DEMO_PARTS.map((p) => [p.part_number, `https://firmware.example/${p.part_number}`]),
      );
      for (const [version, released] of [
        ['1.0.0', true],
        ['1.1.0', true],
        ['1.2.0-beta', false],
      ] as const) {
        await this.upgradeData.create({
          version: version.replace('-beta', ''),
          url: Object.fromEntries(Object.entries(url).map(([k, v]) => [k, `${v}/${version}.bin`])),
          organisation_id: released ? null : organisation.id,
          is_released: released,
        });
      }
      await this.initTemplates.create(organisation.id, 'default-uplinks', [
        { uplink_type: '1', interface: 'eth0', mode: 'dhcp' },
        { uplink_type: '2', interface: 'wlan0', ssid: 'backhaul' },
        { uplink_type: '4', interface: 'usb0', apn: 'internet' },
      ]);
      await this.networkTemplates.create(organisation.id, 'standard-office', {
        ssid_configuration: [
          {
            ssid_name: 'Office',
            security_mode: 'wpa2',
            wpa_key: 'change-me-now',
            ssid_mode: '1',
          },
          { ssid_name: 'Guest', security_mode: 'open', captive_portal: true },
        ],
      });
      return {
        organisation_id: organisation.id,
        user_id: user.id,
        token,
        email: user.email,
        password,
        device: { mac_id: claimed.mac_id, secret: claimed.secret },
      };
    });
  }
}
