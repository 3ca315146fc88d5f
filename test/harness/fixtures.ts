import { hashToken, newTokenSecret } from '../../src/common/identity/token-secret';
import { AccessToken } from '../../src/users/access-token.entity';
import { Membership } from '../../src/users/membership.entity';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource, DeepPartial, EntityManager, EntityTarget, In, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { normaliseMac } from '../../src/common/mac/mac';
import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { AccessLevel, NetworkAccessGrant } from '../../src/networks/network-access-grant.entity';
import { MasterInventory } from '../../src/catalogue/master-inventory.entity';
import { hashDeviceSecret } from '../../src/catalogue/device-secret';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Device } from '../../src/devices/device.entity';
import { Organisation } from '../../src/organisations/organisation.entity';
import { UpgradeData } from '../../src/firmware/upgrade-data.entity';
import { UserRole } from '../../src/common/auth/auth-user';
import { UsersService } from '../../src/users/users.service';
import { ConfigRevisionsService } from '../../src/config-revisions/config-revisions.service';
import { Uplink } from '../../src/devices/uplink.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';

export interface Caller {
  userId: number;
  orgId: number;
  token: string;
  /** `{Authorization: 'Bearer …'}` for supertest's `.set()`. */
  auth: { Authorization: string };
}

let sequence = 0;
/** A value unique within the test run, for names, serials and MACs. */
export const unique = (prefix = 'x') =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** What a device's configuration is built from: saving one directly recomputes the revisions. */
const CONFIG_SOURCES = new Set<EntityTarget<ObjectLiteral>>([
  Device,
  Uplink,
  NetworkSsid,
  LocationNetwork,
]);

/** Builds records directly, so each test states only what it is about. */
export class Fixtures {
  private readonly dataSource: DataSource;
  private readonly users: UsersService;
  private readonly revisions: ConfigRevisionsService;
  private revisionQueue: Promise<unknown> = Promise.resolve();
  private macCounter = Math.floor(Math.random() * 0xffffff);

  constructor(app: NestFastifyApplication) {
    this.dataSource = app.get(DataSource);
    this.users = app.get(UsersService);
    this.revisions = app.get(ConfigRevisionsService);
  }

  /**
   * Saves a record as given. A device is written past DevicesRepository, so the kept device counts
   * are recounted after it (recountDevices); a heartbeat without `organisation_id` gets its
   * device's.
   */
  async save<T extends ObjectLiteral>(
    entity: EntityTarget<T>,
    fields: NoInfer<DeepPartial<T>>,
  ): Promise<T> {
    const repository = this.dataSource.getRepository(entity);
    let values: DeepPartial<T> = fields;
    if (entity === Heartbeat && (fields as Partial<Heartbeat>).organisation_id === undefined) {
      const device = await this.dataSource
        .getRepository(Device)
        .findOneByOrFail({ id: (fields as Partial<Heartbeat>).device_id });
      values = { ...fields, organisation_id: device.organisation_id };
    }
    const saved: T = await repository.save(repository.create(values));
    if (entity === Device) {
      await this.recount();
    }
    if (CONFIG_SOURCES.has(entity)) {
      await this.syncRevisions((saved as { organisation_id?: number }).organisation_id);
    }
    return saved;
  }

  /**
   * Stores the revision of the configuration each device receives where it differs (in this
   * organisation, or in all): for tests that write what configurations are built from (devices,
   * uplinks, SSIDs, networks) directly rather than through the app's changes.
   */
  async syncRevisions(orgId?: number): Promise<void> {
    // One at a time: fixtures saved at once (Promise.all) would rewrite overlapping rows in
    // different orders and deadlock on PostgreSQL.
    const done = this.revisionQueue.then(() => this.revisions.repair(orgId));
    this.revisionQueue = done.catch(() => undefined);
    await done;
  }

  /** The devices whose stored configuration revision differs from the one computed now. */
  async revisionMismatches(): Promise<string[]> {
    const { mismatches } = await this.revisions.check();
    return mismatches.map(
      (m) =>
        `organisation ${m.organisation_id}, device ${m.device_id} (${m.mac_id}): ` +
        `stored ${m.stored ?? 'null'}, computed ${m.computed}`,
    );
  }

  /**
   * Sets every kept device count (organisations.device_count, location_networks.device_count)
   * to the number of rows, and every stored configuration revision to the computed one: for tests
   * that write devices directly rather than through the app.
   */
  async recountDevices(): Promise<void> {
    await this.recount();
    await this.syncRevisions();
  }

  private async recount(): Promise<void> {
    const recount = async (manager: EntityManager) => {
      await manager.query(
        'UPDATE "organisations" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."organisation_id" = "organisations"."id")',
      );
      await manager.query(
        'UPDATE "location_networks" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."location_network_id" = "location_networks"."id")',
      );
    };
    if (this.dataSource.options.type !== 'postgres') {
      // SQLite: one connection, on which a transaction here could interleave with the app's.
      return recount(this.dataSource.manager);
    }
    // One recount at a time: tests that make 50 devices at once had these whole-table UPDATEs
    // deadlock with each other on PostgreSQL.
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(20261123)');
      await recount(manager);
    });
  }

  /**
   * The kept device counts that differ from the number of rows, as `organisation <id>: <kept> ≠
   * <rows>` / `network <id>: …`; empty when every count is true.
   */
  async keptCountMismatches(): Promise<string[]> {
    const rows: { what: string; id: number; kept: number | string; actual: number | string }[] =
      await this.dataSource.query(
        `SELECT 'organisation' AS what, o."id" AS id, o."device_count" AS kept,
                (SELECT COUNT(*) FROM "devices" d WHERE d."organisation_id" = o."id") AS actual
         FROM "organisations" o
         UNION ALL
         SELECT 'network' AS what, n."id" AS id, n."device_count" AS kept,
                (SELECT COUNT(*) FROM "devices" d WHERE d."location_network_id" = n."id") AS actual
         FROM "location_networks" n`,
      );
    return rows
      .filter((row) => Number(row.kept) !== Number(row.actual))
      .map((row) => `${row.what} ${row.id}: ${row.kept} ≠ ${row.actual}`);
  }

  organisation(fields: Partial<Organisation> = {}): Promise<Organisation> {
    return this.save(Organisation, { name: unique('org-'), allowed_device_count: 100, ...fields });
  }

  /** A user with a fresh token; a new organisation unless `orgId` is given. */
  async caller(
    options: { orgId?: number; role?: UserRole; super_admin?: boolean; password?: string } = {},
  ): Promise<Caller> {
    const orgId = options.orgId ?? (await this.organisation()).id;
    const user = await this.users.createUser({
      organisation_id: orgId,
      email: `${unique('user-')}@example.test`,
      role: options.role ?? 'admin',
      super_admin: options.super_admin ?? false,
      password: options.password,
    });
    // Scaffolding, like the organisation row: the token is stored directly, so that the
    // fixture leaves no token.created in the events the tests read (tokens.e2e tests issuing).
    const token = newTokenSecret();
    await this.save(AccessToken, {
      user_id: user.id,
      organisation_id: orgId,
      name: 'test',
      token_hash: hashToken(token),
    });
    return { userId: user.id, orgId, token, auth: { Authorization: `Bearer ${token}` } };
  }

  /**
   * Makes the caller's user a member of another organisation too, and answers a caller with a
   * fresh token that acts there.
   */
  async joined(caller: Caller, orgId: number, role: UserRole = 'admin'): Promise<Caller> {
    await this.save(Membership, { user_id: caller.userId, organisation_id: orgId, role });
    const token = newTokenSecret();
    await this.save(AccessToken, {
      user_id: caller.userId,
      organisation_id: orgId,
      name: 'test',
      token_hash: hashToken(token),
    });
    return { userId: caller.userId, orgId, token, auth: { Authorization: `Bearer ${token}` } };
  }

  admin(orgId?: number): Promise<Caller> {
    return this.caller({ orgId, role: 'admin' });
  }

  member(orgId: number): Promise<Caller> {
    return this.caller({ orgId, role: 'member' });
  }

  superAdmin(): Promise<Caller> {
    return this.caller({ role: 'admin', super_admin: true });
  }

  /** A network of the organisation (fresh name unless given), stored with its lower-case key. */
  network(orgId: number, fields: Partial<LocationNetwork> = {}): Promise<LocationNetwork> {
    const name = fields.network_name ?? unique('net-');
    return this.save(LocationNetwork, {
      organisation_id: orgId,
      timezone: 'UTC',
      ...fields,
      network_name: name,
      network_name_key: name.toLowerCase(),
    });
  }

  /** A member's access to a network. */
  grant(
    orgId: number,
    userId: number,
    networkId: number,
    level: AccessLevel,
  ): Promise<NetworkAccessGrant> {
    return this.save(NetworkAccessGrant, {
      organisation_id: orgId,
      user_id: userId,
      location_network_id: networkId,
      level,
    });
  }

  hardwarePart(fields: Partial<HardwarePart> = {}): Promise<HardwarePart> {
    return this.save(HardwarePart, {
      part_number: unique('PN-'),
      wifi_uplink: false,
      usb: false,
      ...fields,
    });
  }

  /** A fresh MAC in stored form, never used before in this run. */
  mac(): string {
    this.macCounter = (this.macCounter + 1) % 0xffffff;
    return normaliseMac(
      `0A${process.pid.toString(16).padStart(4, '0').slice(-4)}${this.macCounter.toString(16).padStart(6, '0')}`,
    )!;
  }

  /**
   * Puts `count` new devices into the master inventory and returns their records; with
   * `secret`, each gets that factory secret (stored as its hash).
   */
  async masterDevices(
    count: number,
    part?: HardwarePart,
    options: { secret?: string } = {},
  ): Promise<MasterInventory[]> {
    const rows = await this.insertMasterDevices(count, part, options);
    const repository = this.dataSource.getRepository(MasterInventory);
    const records: MasterInventory[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      records.push(
        ...(await repository.find({
          where: { serial: In(rows.slice(i, i + 1000).map((r) => r.serial)) },
          relations: { hardware_part: true },
          order: { id: 'ASC' },
        })),
      );
    }
    return records;
  }

  /** As masterDevices, returning only the MACs (without reading thousands of records back). */
  async masterMacs(count: number, part?: HardwarePart): Promise<string[]> {
    return (await this.insertMasterDevices(count, part)).map((r) => r.mac_id);
  }

  private async insertMasterDevices(
    count: number,
    part?: HardwarePart,
    options: { secret?: string } = {},
  ) {
    const hardwarePart = part ?? (await this.hardwarePart());
    const secretHash = options.secret === undefined ? null : hashDeviceSecret(options.secret);
    const rows = Array.from({ length: count }, () => ({
      serial: unique('SN'),
      mac_id: this.mac(),
      hardware_part_id: hardwarePart.id,
      secret_hash: secretHash,
    }));
    await this.insertRows(MasterInventory, rows, 1000);
    return rows;
  }

  /**
   * Inserts rows as given, `chunk` to a statement, without reading them back; the caller recounts
   * the kept device counts if they are devices (recountDevices). The stored configuration
   * revisions are recomputed when the rows are what configurations are built from.
   */
  async insertRows<T extends ObjectLiteral>(
    entity: EntityTarget<T>,
    rows: QueryDeepPartialEntity<T>[],
    chunk: number,
  ): Promise<void> {
    const repository = this.dataSource.getRepository(entity);
    for (let i = 0; i < rows.length; i += chunk) {
      await repository
        .createQueryBuilder()
        .insert()
        .values(rows.slice(i, i + chunk))
        .updateEntity(false)
        .execute();
    }
    if (CONFIG_SOURCES.has(entity)) {
      // The organisations of the rows when they all name theirs, else every one.
      const orgs = new Set(
        rows.map((row) => (row as { organisation_id?: unknown }).organisation_id),
      );
      if ([...orgs].every((org) => typeof org === 'number')) {
        for (const org of orgs) {
          await this.syncRevisions(org as number);
        }
      } else {
        await this.syncRevisions();
      }
    }
  }

  upgradeData(fields: Partial<UpgradeData> = {}): Promise<UpgradeData> {
    return this.save(UpgradeData, {
      version: '1.0.0',
      url: {},
      organisation_id: null,
      is_released: true,
      ...fields,
    });
  }
}
