import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { hydratedValue, persistedValue } from '../database/persisted-value';
import { ClientSession } from '../device-state/client-session.entity';
import { containing } from '../devices/device-search';
import { DAY_MS } from '../common/time-window/time-window';

/** A session as the client routes show it: the live values of an open one from its device. */
export interface SessionRow {
  id: number;
  client_mac: string;
  device: { id: number; mac_id: string; name: string | null };
  network: { id: number; network_name: string } | null;
  ssid: string;
  band: string;
  channel: number | null;
  rssi: number | null;
  rssi_min: number | null;
  tx_rate_kbps: number | null;
  rx_rate_kbps: number | null;
  tx_bytes: number | null;
  rx_bytes: number | null;
  ip: string | null;
  hostname: string | null;
  started_at: Date;
  last_seen_at: Date;
  ended_at: Date | null;
  run_started_at: Date;
  roamed_from: { id: number; mac_id: string; name: string | null } | null;
}

/** A client's newest session with the number of its sessions that started in the last day. */
export interface ClientRow extends SessionRow {
  sessions_today: number;
}

/** Which sessions a caller sees: every one of the organisation, or those of some networks. */
export interface SessionScope {
  orgId: number;
  /** A member's readable networks; 'all' for an admin. */
  networkIds: number[] | 'all';
}

export type ClientSort = 'last_seen' | 'rssi' | 'hostname';

/** The filters of a client list, applied to each client's newest session. */
export interface ClientFilter {
  networkId?: number;
  deviceId?: number;
  ssid?: string;
  band?: string;
  connected?: boolean;
  /** Part of the host name or address, or (`macDigits`) of the MAC's 12 hex digits. */
  search?: { text: string; macDigits: string | null };
  seenSince?: Date;
}

/** A client search's text: the MAC digits too when it holds only hex digits and `:`, `-`, `.`. */
export function clientSearch(text: string): { text: string; macDigits: string | null } {
  return {
    text,
    macDigits: /^[0-9A-Fa-f:.-]+$/.test(text) ? text.replace(/[:.-]/g, '').toUpperCase() : null,
  };
}

const LIVE = [
  'channel',
  'rssi',
  'rssi_min',
  'tx_rate_kbps',
  'rx_rate_kbps',
  'tx_bytes',
  'rx_bytes',
] as const;

/** The columns of sessions() that withLive passes on as they are. */
const SHOWN = [
  'id',
  'client_mac',
  'device_id',
  'device_mac_id',
  'device_name',
  'network_id',
  'network_name',
  'ssid',
  'band',
  'ip',
  'hostname',
  'started_at',
  'last_seen_at',
  'ended_at',
  'run_started_at',
  'roamed_from_id',
  'roamed_from_mac_id',
  'roamed_from_name',
] as const;

/** Sessions newest first (latest start, then the higher id). */
const newestFirst = (alias: string) => `${alias}."started_at" DESC, ${alias}."id" DESC`;

interface RawRow {
  id: number | string;
  client_mac: string;
  device_id: number | string;
  device_mac_id: string;
  device_name: string | null;
  network_id: number | string | null;
  network_name: string | null;
  ssid: string;
  band: string;
  channel: number | string | null;
  rssi: number | string | null;
  rssi_min: number | string | null;
  tx_rate_kbps: number | string | null;
  rx_rate_kbps: number | string | null;
  tx_bytes: number | string | null;
  rx_bytes: number | string | null;
  ip: string | null;
  hostname: string | null;
  started_at: unknown;
  last_seen_at: unknown;
  ended_at: unknown;
  run_started_at: unknown;
  roamed_from_id: number | string | null;
  roamed_from_mac_id: string | null;
  roamed_from_name: string | null;
  sessions_today?: number | string;
  total?: number | string;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The read model of the Wi-Fi clients: sessions with their device's and network's names and,
 * while open, the live values their device's heartbeat record holds; the clients as their
 * newest session describes them. Read-only: the sessions are device-state's.
 */
@Injectable()
export class ClientReadsRepository extends TransactionalRepository {
  /**
   * The sessions of `scope` as rows with every shown field but the live values (alias `c`), in
   * a sub-select: what filters and sorts need, read for every session they consider. `liveRssi`
   * adds an open session's live signal as `rssi` (to sort by), reading each device's record
   * once rather than once per session.
   */
  private sessions(
    sql: SqlBuilder,
    scope: SessionScope,
    where: () => string,
    liveRssi = false,
  ): string {
    const stored = LIVE.filter((field) => !(liveRssi && field === 'rssi')).map(
      (field) => `s."${field}"`,
    );
    const rssi = liveRssi
      ? `, CASE WHEN s."ended_at" IS NULL THEN COALESCE(lr."rssi", s."rssi") ELSE s."rssi" END AS "rssi"`
      : '';
    // Marks in the order they appear (SQLite binds by position).
    const signals = liveRssi
      ? `LEFT JOIN (SELECT h2."device_id", e."key" AS "client_mac",
            ${this.dialect.jsonInteger('e."value"', 'rssi')} AS "rssi"
          FROM "heartbeats" h2 CROSS JOIN ${this.dialect.jsonMembers('h2."stations"')} e
          WHERE h2."organisation_id" = ${sql.param(scope.orgId)} AND h2."stations" IS NOT NULL) lr
        ON lr."device_id" = s."device_id" AND lr."client_mac" = s."client_mac"
          AND s."ended_at" IS NULL`
      : '';
    return `(SELECT s."id", s."client_mac", s."device_id",
        COALESCE(d."mac_id", s."device_mac_id") AS "device_mac_id",
        CASE WHEN d."id" IS NULL THEN s."device_name" ELSE d."name" END AS "device_name",
        s."network_id", COALESCE(n."network_name", s."network_name") AS "network_name",
        s."ssid", s."band", ${stored.join(', ')}${rssi}, s."ip", s."hostname", s."started_at",
        CASE WHEN s."ended_at" IS NULL AND h."stations_at" >= s."started_at"
          THEN h."stations_at" ELSE s."last_seen_at" END AS "last_seen_at",
        s."ended_at", s."run_started_at", s."roamed_from_id",
        COALESCE(r."mac_id", s."roamed_from_mac_id") AS "roamed_from_mac_id",
        CASE WHEN r."id" IS NULL THEN s."roamed_from_name" ELSE r."name" END AS "roamed_from_name"
      FROM "client_sessions" s
      LEFT JOIN "devices" d ON d."id" = s."device_id" AND d."organisation_id" = s."organisation_id"
      LEFT JOIN "location_networks" n
        ON n."id" = s."network_id" AND n."organisation_id" = s."organisation_id"
      LEFT JOIN "heartbeats" h ON h."device_id" = s."device_id" AND s."ended_at" IS NULL
      LEFT JOIN "devices" r
        ON r."id" = s."roamed_from_id" AND r."organisation_id" = s."organisation_id"
      ${signals}
      WHERE ${this.visible(sql, scope, 's')} AND ${where()})`;
  }

  /**
   * The rows of `page` (a statement over sessions(), at most one page of them) with the live
   * values of the open ones, read from their device's heartbeat record once per row, in
   * `order`; `extra` adds columns over `q` (marks first: it comes first in the text).
   */
  private withLive(page: string, order: (alias: string) => string, extra = ''): string {
    const live = LIVE.map(
      (field) =>
        `CASE WHEN q."ended_at" IS NULL THEN COALESCE(${this.dialect.jsonInteger('q."m"', field)}, q."${field}") ELSE q."${field}" END AS "${field}"`,
    );
    const member = this.dialect.jsonMember('lh."stations"', 'p."client_mac"');
    return `SELECT ${SHOWN.map((column) => `q."${column}"`).join(', ')}, ${live.join(', ')}${extra}
      FROM (SELECT p.*, CASE WHEN p."ended_at" IS NULL THEN ${member} END AS "m"
        FROM (${page}) p LEFT JOIN "heartbeats" lh ON lh."device_id" = p."device_id"
        ${this.dialect.keepSubquery()}) q
      ORDER BY ${order('q')}`;
  }

  /** The sessions `alias` of the scope. */
  private visible(sql: SqlBuilder, scope: SessionScope, alias: string): string {
    const org = `${alias}."organisation_id" = ${sql.param(scope.orgId)}`;
    return scope.networkIds === 'all'
      ? org
      : `${org} AND ${sql.inIds(`${alias}."network_id"`, scope.networkIds)}`;
  }

  private instant(sql: SqlBuilder, at: Date): string {
    return sql.param(persistedValue(this.manager, ClientSession, 'started_at', at));
  }

  /**
   * A page of the clients of the scope, each as its newest session (latest start, then the
   * higher id) describes it, filtered and sorted; with the number of clients that match.
   */
  async listClients(
    scope: SessionScope,
    filter: ClientFilter,
    sort: ClientSort,
    offset: number,
    limit: number,
    now: Date,
  ): Promise<{ clients: ClientRow[]; count: number }> {
    // Marks in the order they appear (SQLite binds by position).
    const sql = new SqlBuilder(this.dialect);
    const today = this.sessionsToday(sql, scope, () => 'q."client_mac"', now);
    const sessions = this.sessions(sql, scope, () => this.newest(sql, scope), sort === 'rssi');
    const conditions = this.conditions(sql, filter);
    const order = (alias: string) =>
      `${
        {
          last_seen: `${alias}."last_seen_at" DESC`,
          rssi: `CASE WHEN ${alias}."rssi" IS NULL THEN 1 ELSE 0 END, ${alias}."rssi" ASC`,
          hostname: `CASE WHEN ${alias}."hostname" IS NULL THEN 1 ELSE 0 END, LOWER(${alias}."hostname") ASC`,
        }[sort]
      }, ${alias}."client_mac" ASC`;
    const page = `SELECT c.*, COUNT(*) OVER () AS "total" FROM ${sessions} c
       WHERE ${conditions.length > 0 ? conditions.join(' AND ') : 'true'}
       ORDER BY ${order('c')}
       ${sql.page(limit, offset)}`;
    const rows = await this.manager.query<RawRow[]>(
      this.withLive(page, order, `, q."total", ${today} AS "sessions_today"`),
      sql.params,
    );
    if (rows.length === 0 && offset > 0) {
      // Past the last page: the count still says how many match.
      const counted = await this.countClients(scope, filter);
      return { clients: [], count: counted };
    }
    return {
      clients: rows.map((row) => ({
        ...this.sessionOf(row),
        sessions_today: Number(row.sessions_today ?? 0),
      })),
      count: rows.length === 0 ? 0 : Number(rows[0].total),
    };
  }

  private async countClients(scope: SessionScope, filter: ClientFilter): Promise<number> {
    const sql = new SqlBuilder(this.dialect);
    const sessions = this.sessions(sql, scope, () => this.newest(sql, scope));
    const conditions = this.conditions(sql, filter);
    const [row] = await this.manager.query<{ n: number | string }[]>(
      `SELECT COUNT(*) AS "n" FROM ${sessions} c
       WHERE ${conditions.length > 0 ? conditions.join(' AND ') : 'true'}`,
      sql.params,
    );
    return Number(row.n);
  }

  /** The session `s` is its client's newest of the scope (latest start, then higher id). */
  private newest(sql: SqlBuilder, scope: SessionScope): string {
    return `NOT EXISTS (SELECT 1 FROM "client_sessions" o
      WHERE ${this.visible(sql, scope, 'o')} AND o."client_mac" = s."client_mac"
        AND (o."started_at" > s."started_at" OR (o."started_at" = s."started_at" AND o."id" > s."id")))`;
  }

  /** The number of sessions of the scope of the client `mac` (SQL) started in the last day. */
  private sessionsToday(
    sql: SqlBuilder,
    scope: SessionScope,
    mac: () => string,
    now: Date,
  ): string {
    return `(SELECT COUNT(*) FROM "client_sessions" t WHERE ${this.visible(sql, scope, 't')}
      AND t."client_mac" = ${mac()}
      AND t."started_at" >= ${this.instant(sql, new Date(now.getTime() - DAY_MS))})`;
  }

  private conditions(sql: SqlBuilder, filter: ClientFilter): string[] {
    const conditions: string[] = [];
    if (filter.networkId !== undefined) {
      conditions.push(`c."network_id" = ${sql.param(filter.networkId)}`);
    }
    if (filter.deviceId !== undefined) {
      conditions.push(`c."device_id" = ${sql.param(filter.deviceId)}`);
    }
    if (filter.ssid !== undefined) {
      conditions.push(`c."ssid" = ${sql.param(filter.ssid)}`);
    }
    if (filter.band !== undefined) {
      conditions.push(`c."band" = ${sql.param(filter.band)}`);
    }
    if (filter.connected !== undefined) {
      conditions.push(`c."ended_at" IS ${filter.connected ? '' : 'NOT '}NULL`);
    }
    if (filter.seenSince !== undefined) {
      conditions.push(`c."last_seen_at" >= ${this.instant(sql, filter.seenSince)}`);
    }
    if (filter.search !== undefined) {
      // On PostgreSQL each expression is one of the client_sessions trigram indexes, written
      // exactly as indexed (a change here needs one there); SQLite scans.
      const text = containing(filter.search.text.toLowerCase());
      const parts = [
        `LOWER(COALESCE(c."hostname", '')) LIKE ${sql.param(text)} ESCAPE '\\'`,
        `LOWER(COALESCE(c."ip", '')) LIKE ${sql.param(text)} ESCAPE '\\'`,
      ];
      if (filter.search.macDigits !== null) {
        parts.push(
          `REPLACE(c."client_mac", ':', '') LIKE ${sql.param(`%${filter.search.macDigits}%`)}`,
        );
      }
      conditions.push(`(${parts.join(' OR ')})`);
    }
    return conditions;
  }

  /** The client's newest session of the scope with its sessions of the last day; null: none. */
  async client(scope: SessionScope, mac: string, now: Date): Promise<ClientRow | null> {
    const sql = new SqlBuilder(this.dialect);
    const today = this.sessionsToday(sql, scope, () => sql.param(mac), now);
    const sessions = this.sessions(sql, scope, () => `s."client_mac" = ${sql.param(mac)}`);
    const rows = await this.manager.query<RawRow[]>(
      this.withLive(
        `SELECT c.* FROM ${sessions} c ORDER BY ${newestFirst('c')} LIMIT 1`,
        newestFirst,
        `, ${today} AS "sessions_today"`,
      ),
      sql.params,
    );
    return rows.length === 0
      ? null
      : { ...this.sessionOf(rows[0]), sessions_today: Number(rows[0].sessions_today ?? 0) };
  }

  /**
   * A page of the client's sessions of the scope, newest first, those that started within
   * [since, until] when given; with their number.
   */
  async clientSessions(
    scope: SessionScope,
    mac: string,
    window: { since?: Date; until?: Date },
    offset: number,
    limit: number,
  ): Promise<{ sessions: SessionRow[]; count: number }> {
    const sql = new SqlBuilder(this.dialect);
    const sessions = this.sessions(sql, scope, () => {
      const where = [`s."client_mac" = ${sql.param(mac)}`];
      if (window.since) {
        where.push(`s."started_at" >= ${this.instant(sql, window.since)}`);
      }
      if (window.until) {
        where.push(`s."started_at" <= ${this.instant(sql, window.until)}`);
      }
      return where.join(' AND ');
    });
    const rows = await this.manager.query<RawRow[]>(
      this.withLive(
        `SELECT c.*, COUNT(*) OVER () AS "total" FROM ${sessions} c
         ORDER BY ${newestFirst('c')} ${sql.page(limit, offset)}`,
        newestFirst,
        ', q."total"',
      ),
      sql.params,
    );
    if (rows.length === 0 && offset > 0) {
      const counted = await this.clientSessions(scope, mac, window, 0, 1);
      return { sessions: [], count: counted.count };
    }
    return {
      sessions: rows.map((row) => this.sessionOf(row)),
      count: rows.length === 0 ? 0 : Number(rows[0].total),
    };
  }

  /** Whether the scope holds any session of the client. */
  async hasClient(scope: SessionScope, mac: string): Promise<boolean> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.manager.query<unknown[]>(
      `SELECT 1 FROM "client_sessions" s
       WHERE ${this.visible(sql, scope, 's')} AND s."client_mac" = ${sql.param(mac)} LIMIT 1`,
      sql.params,
    );
    return rows.length > 0;
  }

  private time(raw: unknown): Date {
    return hydratedValue(this.manager, ClientSession, 'started_at', raw) as Date;
  }

  private sessionOf(row: RawRow): SessionRow {
    return {
      id: Number(row.id),
      client_mac: row.client_mac,
      device: { id: Number(row.device_id), mac_id: row.device_mac_id, name: row.device_name },
      network:
        row.network_id === null
          ? null
          : { id: Number(row.network_id), network_name: row.network_name ?? '' },
      ssid: row.ssid,
      band: row.band,
      channel: numberOrNull(row.channel),
      rssi: numberOrNull(row.rssi),
      rssi_min: numberOrNull(row.rssi_min),
      tx_rate_kbps: numberOrNull(row.tx_rate_kbps),
      rx_rate_kbps: numberOrNull(row.rx_rate_kbps),
      tx_bytes: numberOrNull(row.tx_bytes),
      rx_bytes: numberOrNull(row.rx_bytes),
      ip: row.ip,
      hostname: row.hostname,
      started_at: this.time(row.started_at),
      last_seen_at: this.time(row.last_seen_at),
      ended_at: row.ended_at === null ? null : this.time(row.ended_at),
      run_started_at: this.time(row.run_started_at),
      roamed_from:
        row.roamed_from_id === null
          ? null
          : {
              id: Number(row.roamed_from_id),
              mac_id: row.roamed_from_mac_id ?? '',
              name: row.roamed_from_name,
            },
    };
  }
}
