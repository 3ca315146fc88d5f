/**
 * The bench's yardstick: a bare server, plain Fastify 5 and one `pg` pool, no Nest and
 * no ORM, doing the same work as Airfleet on each route the bench drives and answering the same
 * bytes, and running the DOWN sweep every second as Airfleet does (bench/bare/events.ts).
 * PostgreSQL only. Environment as Airfleet reads it: PORT, DATABASE_URL,
 * HEARTBEAT_TIMEOUT_SECONDS, UPGRADE_TIMEOUT_SECONDS, DEVICE_CHECKIN_INTERVAL_SECONDS.
 *
 * Statements are sent as plain parameterised queries, as TypeORM sends Airfleet's (no named
 * prepared statements), so that the comparison is about the work of the Node process.
 */
process.env.TZ = 'UTC';

import Fastify, { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { IANA_TIME_ZONE_NAMES } from '../../src/common/time-zones/iana-names';
import { authenticate, DeviceCredentials } from './auth';
import { everySecond, listEvents } from './events';
import { listInventory, overview, statuses, upSince } from './fleet';
import {
  adminHeartbeat,
  CHECKIN_SCHEMA,
  checkIn,
  CheckinBody,
  HEARTBEAT_SCHEMA,
  HeartbeatBody,
} from './heartbeats';
import { HttpError } from './http';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const heartbeatTimeout = env('HEARTBEAT_TIMEOUT_SECONDS', 300);
const upgradeTimeout = env('UPGRADE_TIMEOUT_SECONDS', 1800);
const checkinInterval = env('DEVICE_CHECKIN_INTERVAL_SECONDS', 60);

// The pool Airfleet's TypeORM builds: node-postgres defaults (10 clients) with its timeouts.
const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  connectionTimeoutMillis: 3000,
  query_timeout: 60_000,
  idleTimeoutMillis: 10_000,
  keepAlive: true,
});
const devices = new DeviceCredentials(pool);

/** Whether this runtime can compute times in the zone so named. */
function computable(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every name of the IANA tz database (zones and aliases; the list of names is Airfleet's data
 * file) that the runtime can compute, with the runtime's own names and UTC, sorted; the answer
 * never changes, so it is built once.
 */
const TIME_ZONES_BODY = JSON.stringify({
  data: {
    timezone: [
      ...new Set([
        ...Intl.supportedValuesOf('timeZone'),
        'UTC',
        ...IANA_TIME_ZONE_NAMES.filter(computable),
      ]),
    ].sort(),
  },
  status: 200,
});

const app = Fastify({ ajv: { customOptions: { coerceTypes: false } } });

app.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  const validation = (error as { validation?: unknown; message?: string }).validation;
  if (validation) {
    return reply
      .code(422)
      .send({ msg: 'Invalid parameters', error_code: 1030, errors: (error as Error).message });
  }
  app.log.error(error);
  return reply.code(500).send({ msg: 'Internal server error', error_code: 1032 });
});

app.get('/health', async (_request, reply) => {
  try {
    await pool.query('SELECT 1');
    return { status: 'ok', database: 'up' };
  } catch {
    return reply.code(503).send({
      status: 'error',
      database: 'down',
      msg: 'The database is unreachable, retry later',
      error_code: 1040,
    });
  }
});

app.get('/v1/location_networks/list_network_timezone', async (request, reply) => {
  await authenticate(pool, request);
  return reply.type('application/json; charset=utf-8').send(TIME_ZONES_BODY);
});

app.post<{ Body: HeartbeatBody }>(
  '/v1/access_points/heartbeat',
  { schema: { body: HEARTBEAT_SCHEMA } },
  async (request) => adminHeartbeat(pool, await authenticate(pool, request), request.body),
);

app.get<{ Querystring: Record<string, string> }>(
  '/v1/access_points/list_inventory',
  async (request) => listInventory(pool, await authenticate(pool, request), request.query),
);

app.get<{ Querystring: Record<string, string> }>('/v1/access_points/statuses', async (request) =>
  statuses(pool, await authenticate(pool, request), request.query, upSince(heartbeatTimeout)),
);

app.get('/v1/overview', async (request) =>
  overview(
    pool,
    await authenticate(pool, request),
    upSince(heartbeatTimeout),
    upSince(upgradeTimeout),
  ),
);

app.post<{ Body: CheckinBody | undefined }>(
  '/device/v1/checkin',
  { schema: { body: CHECKIN_SCHEMA } },
  async (request) => {
    const device = await devices.verify(request.headers.authorization);
    return checkIn(pool, device, request.body ?? {}, request.ip, checkinInterval);
  },
);

app.get<{ Querystring: Record<string, string> }>('/v1/events', async (request, reply) =>
  reply
    .type('application/json; charset=utf-8')
    .send(await listEvents(pool, await authenticate(pool, request), request.query)),
);

// The DOWN sweep every second, as every Airfleet instance runs it.
const stopSweep = everySecond(pool, heartbeatTimeout);

const shutdown = () => {
  stopSweep();
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

app.listen({ port: env('PORT', 3000), host: '0.0.0.0' }).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
