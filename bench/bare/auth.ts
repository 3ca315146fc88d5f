/**
 * Who calls: a user by bearer token or a device by HTTP Basic, with
 * Airfleet's rules and one statement where Airfleet's work needs one:
 * - a token is looked up by its SHA-256 (src/common/identity/token-secret.ts) on every request,
 *   joined with its user's membership of the organisation the token acts in (the role), refused
 *   when revoked or expired; `last_used_at` is written only when
 *   it is a minute old, by the same conditional UPDATE;
 * - a device's facts (secret hash, holder) are cached per MAC for at most 10 seconds, as
 *   Airfleet's DeviceCredentialsService does; the secret is checked on every request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Pool } from 'pg';
import { fail, HttpError } from './http';

export interface Caller {
  id: number;
  organisation_id: number;
  role: string;
}

export interface Device {
  device_id: number;
  organisation_id: number;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const LAST_USED_RESOLUTION_MS = 60_000;

const unauthenticated = () =>
  new HttpError(
    401,
    { msg: 'Invalid or missing access token', error_code: 1028 },
    { 'www-authenticate': 'Bearer' },
  );

const deviceUnauthenticated = () =>
  new HttpError(
    401,
    { msg: 'Invalid device credentials', error_code: 1036 },
    { 'www-authenticate': 'Basic realm="airfleet-device"' },
  );

function bearerToken(request: FastifyRequest): string | null {
  const match = /^bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  if (match) {
    return match[1];
  }
  const query = request.query as { access_token?: unknown };
  return typeof query.access_token === 'string' ? query.access_token : null;
}

/** The user a request's token belongs to; 401 1028 otherwise. */
export async function authenticate(pool: Pool, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request);
  if (token === null) {
    throw unauthenticated();
  }
  const now = new Date();
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  const { rows } = await pool.query<Caller & { token_id: number; stale: boolean }>(
    `SELECT t.id AS token_id, t.user_id AS id, t.organisation_id, m.role,
       (t.last_used_at IS NULL OR t.last_used_at < $2) AS stale
     FROM access_tokens t
     JOIN memberships m ON m.user_id = t.user_id AND m.organisation_id = t.organisation_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > $3)`,
    [sha256(token), stale, now],
  );
  const found = rows[0];
  if (!found) {
    throw unauthenticated();
  }
  if (found.stale) {
    await pool.query(
      `UPDATE access_tokens SET last_used_at = $1
       WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)`,
      [now, found.token_id, stale],
    );
  }
  return { id: found.id, organisation_id: found.organisation_id, role: found.role };
}

/** Role admin: 403 1029 otherwise. */
export function requireAdmin(caller: Caller): void {
  if (caller.role !== 'admin') {
    throw fail(403, 1029, 'Only an organisation admin may do this');
  }
}

interface CredentialFacts {
  secretHash: string | null;
  holder: Device | null;
}

/** Device credentials, with the facts of each MAC cached for at most 10 s. */
export class DeviceCredentials {
  private readonly cache = new LRUCache<string, CredentialFacts>({
    max: 200_000,
    ttl: 10_000,
    ttlResolution: 0,
  });

  constructor(private readonly pool: Pool) {}

  async verify(authorization: string | undefined): Promise<Device & { mac_id: string }> {
    const basic = /^basic +(\S+) *$/i.exec(authorization ?? '');
    if (!basic || !/^[A-Za-z0-9+/]+={0,2}$/.test(basic[1]) || basic[1].length % 4 !== 0) {
      throw deviceUnauthenticated();
    }
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? '' : decoded.slice(0, colon);
    const hex = /^[0-9a-f]{12}$/i.test(user)
      ? user
      : /^[0-9a-f]{2}(-[0-9a-f]{2}){5}$/i.test(user)
        ? user.replace(/-/g, '')
        : null;
    if (hex === null) {
      throw deviceUnauthenticated();
    }
    const mac = hex.toUpperCase().match(/.{2}/g)!.join(':');
    const facts = this.cache.get(mac) ?? (await this.lookUp(mac));
    const presented = Buffer.from(sha256(decoded.slice(colon + 1)), 'hex');
    const stored = Buffer.from(facts.secretHash ?? '', 'hex');
    if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) {
      throw deviceUnauthenticated();
    }
    if (facts.holder === null) {
      throw fail(403, 1037, 'This device is in no inventory');
    }
    return { ...facts.holder, mac_id: mac };
  }

  private async lookUp(mac: string): Promise<CredentialFacts> {
    const { rows } = await this.pool.query<{
      secret_hash: string | null;
      device_id: number | null;
      organisation_id: number | null;
    }>(
      `SELECT m.secret_hash, d.id AS device_id, d.organisation_id
       FROM master_inventory m LEFT JOIN devices d ON d.mac_id = m.mac_id
       WHERE m.mac_id = $1`,
      [mac],
    );
    const row = rows[0];
    const facts: CredentialFacts = {
      secretHash: row?.secret_hash ?? null,
      holder:
        row && row.device_id !== null && row.organisation_id !== null
          ? { device_id: row.device_id, organisation_id: row.organisation_id }
          : null,
    };
    this.cache.set(mac, facts);
    return facts;
  }
}
