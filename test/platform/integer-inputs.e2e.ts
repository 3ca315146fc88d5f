import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { onDatabase } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { unique } from '../harness/fixtures';
import { OpenApiDocument, Operation, operationsOf, Schema } from '../harness/fuzz/operations';
import { webhookFixtures } from '../harness/webhooks.helpers';

/** Integers just past a 32-bit column, past what a double holds exactly, and below a 32-bit one. */
const OUT_OF_RANGE = [2 ** 31, 2 ** 53, -(2 ** 31) - 1];

/** Bodies that get past the operations' other checks, so that the integer reaches the database. */
const BODIES: Record<string, (ids: SeededIds) => Record<string, unknown>> = {
  'POST /v1/alert_rules': () => ({
    alert_rule: { name: 'r', type: 'clients_above', threshold: 1, network_ids: [] },
  }),
  'PATCH /v1/alert_rules/{id}': () => ({
    alert_rule: { type: 'clients_above', threshold: 1, network_ids: [] },
  }),
  'POST /v1/network_access': (ids) => ({
    user_id: ids.member,
    network_id: ids.network,
    level: 'full',
  }),
  'DELETE /v1/network_access': (ids) => ({ user_id: ids.member, network_id: ids.network }),
  'POST /v1/admin/organisations': () => ({ name: unique('org-'), allowed_device_count: 5 }),
  'POST /v1/admin/users': (ids) => ({
    email: `${unique('u-')}@example.test`,
    organisation_id: ids.org,
    role: 'member',
  }),
  'POST /v1/admin/tokens': (ids) => ({ user_id: ids.member, expires_in_days: 1 }),
  'POST /v1/admin/upgrade_data': (ids) => ({
    version: '9.9.9',
    url: {},
    organisation_id: ids.org,
    is_released: false,
  }),
  'POST /v1/access_points/provisioning': (ids) => ({
    network_id: ids.network,
    mac_id: ids.freeMac,
  }),
  'PUT /v1/access_points/apply_configuration': (ids) => ({
    mac_ids: ids.mac,
    init_template_id: 1,
  }),
  'POST /v1/location_networks': () => ({
    location_network: { network_name: unique('net-'), timezone: 'UTC' },
  }),
  'PUT /v1/location_networks/{id}': () => ({ location_network: { timezone: 'UTC' } }),
  'PATCH /v1/location_networks/{id}': () => ({ location_network: { timezone: 'UTC' } }),
  'POST /v1/network_ssids': (ids) => ({
    network_id: ids.network,
    network_ssid: { ssid_name: unique('s') },
  }),
  'PUT /v1/update_network_ssid': (ids) => ({ id: ids.ssid, network_ssid: { ssid_name: 'x' } }),
  'POST /v1/access_points/move_devices': (ids) => ({
    devices: [ids.device],
    existing_network_id: ids.network,
  }),
  'POST /v1/access_points/commands': (ids) => ({
    command: { type: 'reboot', aps: [`AP:${ids.device}`] },
  }),
  'POST /device/v1/checkin': () => ({
    upgrade: { id: 1, state: 'downloading' },
    command_results: [{ id: 1, state: 'succeeded' }],
  }),
};

interface SeededIds {
  org: number;
  member: number;
  network: number;
  ssid: number;
  device: number;
  mac: string;
  /** A device of the catalogue in no organisation's inventory. */
  freeMac: string;
  byPath: Record<string, number>;
}

/**
 * Every integer (or number) field that the served OpenAPI document declares, in a path, a query
 * or a body, sent 2^31, 2^53 and -2^31-1 on PostgreSQL, one request per field and value: none may
 * answer a 5xx (its 32-bit columns refuse such values; an id out of range answers as one that
 * matches nothing, another integer as a validation error).
 */
onDatabase('postgres', 'integers outside 32 bits in every operation', (t) => {
  const a = alertFixtures(t);
  const g = gatewayFixtures(t);
  const w = webhookFixtures(t);

  it('answers none of them with a 5xx', async () => {
    const document = (await t().http().get('/docs-json').expect(200)).body as OpenApiDocument;
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const superAdmin = await t().fixtures.superAdmin();
    const network = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: network.id });
    const ssid = await t().fixtures.save(NetworkSsid, {
      organisation_id: admin.orgId,
      location_network_id: network.id,
      ssid_name: unique('s'),
      settings: {},
    });
    const rule = await a.rule(admin, { type: 'clients_above', threshold: 1 });
    const webhook = await w.saved(admin, 'http://127.0.0.1:9/hook');
    const ids: SeededIds = {
      org: admin.orgId,
      member: member.userId,
      network: network.id,
      ssid: ssid.id,
      device: ap.device.id,
      mac: ap.device.mac_id,
      freeMac: (await t().fixtures.masterDevices(1))[0].mac_id,
      byPath: {
        '/v1/alert_rules/': rule.id,
        '/v1/webhooks/': webhook.id,
        '/v1/location_networks/': network.id,
        '/v1/network_ssids/': ssid.id,
      },
    };
    const callerOf = (operation: Operation): { Authorization: string } =>
      operation.deviceRoute
        ? ap.auth
        : operation.path.startsWith('/v1/admin/')
          ? superAdmin.auth
          : admin.auth;
    const failures: string[] = [];
    let requests = 0;
    for (const operation of operationsOf(document)) {
      for (const field of integerFields(operation)) {
        for (const value of OUT_OF_RANGE) {
          const base = BODIES[operation.key]?.(ids) ?? baseline(operation.body) ?? undefined;
          const pathValue = (name: string) =>
            field.in === 'path' && field.name === name
              ? String(value)
              : String(idForPath(operation.path, ids));
          let url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValue(name));
          if (field.in === 'query') {
            url += `?${field.name}=${value}`;
          }
          const body =
            field.in === 'body' ? withValue(base ?? {}, field.at, value) : (base ?? undefined);
          const res = await t()
            .http()
            [operation.method.toLowerCase() as 'get'](url)
            .set(callerOf(operation))
            .send(body as object);
          requests += 1;
          if (res.status >= 500) {
            const where = field.in === 'body' ? `body ${field.at.join('.')}` : field.name;
            failures.push(
              `${operation.key} ${where}=${value}: ${res.status} ${JSON.stringify(res.body)}`,
            );
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  }, 120_000);
});

type Field = { in: 'path' | 'query'; name: string } | { in: 'body'; at: (string | number)[] };

const isNumeric = (schema: Schema): boolean =>
  schema.type === 'integer' ||
  schema.type === 'number' ||
  ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined)?.some(isNumeric) === true;

/** The operation's integer fields: path and query parameters, and body fields at any depth. */
function integerFields(operation: Operation): Field[] {
  const fields: Field[] = [
    ...operation.pathParams
      .filter((p) => isNumeric(p.schema))
      .map((p) => ({ in: 'path' as const, name: p.name })),
    ...operation.queryParams
      .filter((p) => isNumeric(p.schema))
      .map((p) => ({ in: 'query' as const, name: p.name })),
  ];
  const walk = (schema: Schema, at: (string | number)[]) => {
    if (isNumeric(schema)) {
      fields.push({ in: 'body', at });
      return;
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Schema)) {
      walk(property as Schema, [...at, name]);
    }
    if (schema.type === 'array' && schema.items) {
      walk(schema.items as Schema, [...at, 0]);
    }
  };
  if (operation.body) {
    walk(operation.body, []);
  }
  return fields;
}

/** A body with the required fields of the schema, each a plain value of its type. */
function baseline(schema: Schema | null): unknown {
  if (!schema) {
    return null;
  }
  if (schema.example !== undefined) {
    return schema.example;
  }
  if (Array.isArray(schema.enum)) {
    return schema.enum[0];
  }
  if (isNumeric(schema)) {
    return 1;
  }
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'date-time' ? new Date().toISOString() : 'x';
    case 'array':
      return schema.items ? [baseline(schema.items as Schema)] : [];
    default: {
      const required = new Set((schema.required ?? []) as string[]);
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      return Object.fromEntries(
        properties.filter(([name]) => required.has(name)).map(([n, s]) => [n, baseline(s)]),
      );
    }
  }
}

/** `body` with `value` at `at`, the objects and lists on the way made when missing. */
function withValue(body: unknown, at: (string | number)[], value: number): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  at.forEach((key, i) => {
    if (i === at.length - 1) {
      node[key] = value;
      return;
    }
    if (typeof node[key] !== 'object' || node[key] === null) {
      node[key] = typeof at[i + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

/** A real record's id for the path's other parameters (1 where no record was seeded). */
function idForPath(path: string, ids: SeededIds): number {
  const found = Object.entries(ids.byPath).find(([prefix]) => path.startsWith(prefix));
  return found ? found[1] : 1;
}
