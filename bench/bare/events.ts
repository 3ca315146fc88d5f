/**
 * Events as a careful hand would serve and record them, for the bench's events
 * scenarios:
 * - `GET /v1/events` newest first for an admin: one SELECT of the organisation's events (a
 *   `type` filter as one array parameter), the stored `actor` and `data` JSON written into the
 *   answer as they are. The feed (`after`), the other filters and members' reads are outside
 *   the yardstick (501).
 * - the DOWN sweep, every second: in one transaction, one conditional UPDATE of the heartbeat
 *   records UP whose last heartbeat is older than the timeout and, when it changed any, the
 *   organisations' event-order locks in id order (Airfleet's key) and one INSERT … SELECT of
 *   their `device.down` from the records just changed.
 */
import { Pool } from 'pg';
import { selectTypes, typesOf } from '../../src/event-log/event-types';
import { Caller } from './auth';
import { fail, notInYardstick } from './http';

/** Airfleet's event-order lock key (src/database/dialect/postgres.dialect.ts). */
const EVENT_ORDER_LOCK_KEY = 0x41464556;
const MAX_LIMIT = 1000;
const MAX_ID = 2_147_483_647;

interface EventRow {
  id: number;
  type: string;
  occurred_at: Date;
  network_id: number | null;
  network_name: string | null;
  device_id: number | null;
  device_mac: string | null;
  device_name: string | null;
  actor: string;
  data: string;
}

function integer(text: string | undefined, min: number, max: number, name: string) {
  if (text === undefined) {
    return undefined;
  }
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw fail(422, 1030, `${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

const eventJson = (row: EventRow) =>
  `{"id":${row.id},"type":${JSON.stringify(row.type)},"occurred_at":"${row.occurred_at.toISOString()}",` +
  `"network":${row.network_id === null ? 'null' : JSON.stringify({ id: row.network_id, network_name: row.network_name ?? '' })},` +
  `"device":${row.device_id === null ? 'null' : JSON.stringify({ id: row.device_id, mac_id: row.device_mac ?? '', name: row.device_name })},` +
  `"actor":${row.actor},"data":${row.data}}`;

/** GET /v1/events, newest first (below `before` when given), optionally of some types. */
export async function listEvents(
  pool: Pool,
  caller: Caller,
  query: Record<string, string>,
): Promise<string> {
  const outside = ['after', 'mac_id', 'network_id', 'since', 'until'].filter((k) => k in query);
  if (caller.role !== 'admin' || outside.length > 0) {
    throw notInYardstick(`events for members or with ${outside.join(', ')}`);
  }
  const limit = integer(query.limit, 1, MAX_LIMIT, 'limit') ?? 100;
  const before = integer(query.before, 1, MAX_ID, 'before');
  const conditions = ['organisation_id = $1'];
  const values: unknown[] = [caller.organisation_id];
  if (query.type !== undefined) {
    const selection = selectTypes(query.type);
    if (selection.unknown.length > 0) {
      throw fail(422, 1030, `type has unknown event types: ${selection.unknown.join(', ')}`);
    }
    const types = typesOf(selection);
    // One type an equality: it reads an index on (organisation, type, id) in id order.
    values.push(types.length === 1 ? types[0] : types);
    conditions.push(
      types.length === 1 ? `type = $${values.length}` : `type = ANY($${values.length}::text[])`,
    );
  }
  if (before !== undefined) {
    values.push(before);
    conditions.push(`id < $${values.length}`);
  }
  values.push(limit);
  const { rows } = await pool.query<EventRow>(
    `SELECT id, type, occurred_at, network_id, network_name, device_id, device_mac, device_name,
       actor, data
     FROM events WHERE ${conditions.join(' AND ')} ORDER BY id DESC LIMIT $${values.length}`,
    values,
  );
  return `{"data":{"events":[${rows.map(eventJson).join(',')}]},"status":200}`;
}

/** One DOWN sweep: returns how many devices it recorded DOWN. */
export async function sweepDown(pool: Pool, timeoutSeconds: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ device_id: number; organisation_id: number }>(
      `UPDATE heartbeats SET up = false, silent_since = received_at
       WHERE up = true AND received_at < $1 RETURNING device_id, organisation_id`,
      [new Date(Date.now() - timeoutSeconds * 1000)],
    );
    if (rows.length > 0) {
      const organisations = [...new Set(rows.map((r) => r.organisation_id))].sort((a, b) => a - b);
      // unnest keeps the array's order: the locks are taken in organisation id order.
      await client.query('SELECT pg_advisory_xact_lock($1, o) FROM unnest($2::int[]) AS o', [
        EVENT_ORDER_LOCK_KEY,
        organisations,
      ]);
      await client.query(
        `INSERT INTO events (organisation_id, type, occurred_at, network_id, network_name,
           device_id, device_mac, device_name, actor, data)
         SELECT d.organisation_id, 'device.down', h.silent_since + $2::int * interval '1 second',
           n.id, n.network_name, d.id, d.mac_id, d.name, '{"type":"system"}',
           '{"last_seen_time":' || floor(extract(epoch FROM h.silent_since))::bigint || '}'
         FROM heartbeats h JOIN devices d ON d.id = h.device_id
         LEFT JOIN location_networks n
           ON n.id = d.location_network_id AND n.organisation_id = d.organisation_id
         WHERE h.device_id = ANY($1::int[])
         ORDER BY d.organisation_id, d.id`,
        [rows.map((r) => r.device_id), timeoutSeconds],
      );
    }
    await client.query('COMMIT');
    return rows.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Runs the sweep every second (never two at once) until the returned function is called. */
export function everySecond(pool: Pool, timeoutSeconds: number): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) {
      return;
    }
    busy = true;
    sweepDown(pool, timeoutSeconds)
      .catch((error: unknown) => process.stderr.write(`sweep failed: ${String(error)}\n`))
      .finally(() => {
        busy = false;
      });
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
