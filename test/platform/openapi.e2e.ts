process.env.TZ = 'UTC';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jestOpenAPI from 'jest-openapi';
import { OPENAPI_TAGS } from '../../src/app.openapi';
import { deviceFixtures } from '../harness/access-points.helpers';
import { onBothDatabases } from '../harness/app';
import { openApiResponses } from '../harness/openapi-responses';

/** The committed document (`npm run openapi` regenerates it). */
const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));
jestOpenAPI(committed);

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { name: string; in: string; required?: boolean; schema?: object }[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(
  committed.paths as Record<string, Record<string, Operation>>,
).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method, operation, name: `${method} ${path}` })),
);
const isPublic = (operation: Operation) => operation.security?.length === 0;
const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: 2147483647 };

describe('the committed OpenAPI document', () => {
  it('gives every operation a unique snake_case operationId, a summary and a description', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { name, operation } of operations) {
      expect({ name, id: operation.operationId }).toEqual({
        name,
        id: expect.stringMatching(/^[a-z][a-z0-9_]*$/),
      });
      expect({ name, summary: !!operation.summary, description: !!operation.description }).toEqual({
        name,
        summary: true,
        description: true,
      });
    }
  });

  it('uses the operation names of the API reference', () => {
    const idOf = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.operation.operationId;
    expect(idOf('get', '/v1/location_networks/list_networks')).toBe('list_networks');
    expect(idOf('get', '/v1/location_networks/list_network_timezone')).toBe(
      'list_network_timezone',
    );
    expect(idOf('get', '/v1/location_networks/{id}/get_network_devices')).toBe(
      'get_network_devices',
    );
    expect(idOf('post', '/v1/location_networks/{network_id}/config_rollback')).toBe(
      'config_rollback',
    );
    expect(idOf('post', '/v1/access_points/provisioning')).toBe('provisioning');
    expect(idOf('put', '/v1/access_points/apply_configuration')).toBe('apply_configuration');
    expect(idOf('put', '/v1/update_network_ssid')).toBe('update_network_ssid');
    expect(idOf('put', '/v1/location_networks/{id}')).toBe('update_network');
    expect(idOf('patch', '/v1/location_networks/{id}')).toBe('patch_network');
    expect(idOf('get', '/upgrades/{id}')).toBe('show_upgrade');
  });

  it('declares every tag it uses, each with a description', () => {
    const declared = new Map(
      (committed.tags as { name: string; description?: string }[]).map((tag) => [
        tag.name,
        tag.description,
      ]),
    );
    for (const { name, operation } of operations) {
      expect(operation.tags?.length).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) {
        expect({ name, tag, description: declared.get(tag) }).toEqual({
          name,
          tag,
          description: OPENAPI_TAGS[tag],
        });
      }
    }
  });

  it('takes the token as the access_token query parameter wherever it takes the bearer token', () => {
    expect(committed.components.securitySchemes.access_token).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'access_token',
      description: expect.stringContaining('body field `access_token`'),
    });
    expect(committed.security).toEqual([{ bearer: [] }, { access_token: [] }]);
    const secured = operations.filter(({ operation }) => !isPublic(operation));
    for (const { name, path, operation } of secured) {
      expect({ name, security: operation.security }).toEqual({
        name,
        security: path.startsWith('/device/v1/')
          ? [{ device: [] }]
          : [{ bearer: [] }, { access_token: [] }],
      });
    }
  });

  it('marks the check-in body optional (a bare POST is a heartbeat)', () => {
    const checkin = operations.find(({ name }) => name === 'post /device/v1/checkin')!;
    expect(checkin.operation.requestBody).toEqual({
      required: false,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CheckinDto' } } },
    });
  });

  it('lists /upgrades/{id}.json beside /upgrades/{id}, each operation the same but its id', () => {
    const byId = committed.paths['/upgrades/{id}'] as Record<string, Operation>;
    const json = committed.paths['/upgrades/{id}.json'] as Record<string, Operation>;
    expect(Object.keys(json)).toEqual(Object.keys(byId));
    for (const [method, operation] of Object.entries(json)) {
      expect(operation).toEqual({
        ...byId[method],
        operationId: `${byId[method].operationId}_json`,
        description: `${byId[method].description} The same operation as \`/upgrades/{id}\`; this path always answers JSON.`,
      });
    }
    expect(json.get.operationId).toBe('show_upgrade_json');
    expect(json.get.responses['200'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UpgradeShowResponse',
    });
  });

  it('documents the network that a refused network deletion (422 1008) carries', () => {
    const destroy = committed.paths['/v1/location_networks/{id}'].delete as Operation;
    const schema = destroy.responses['422'].content?.['application/json'].schema as {
      anyOf: { properties: Record<string, unknown>; required: string[] }[];
    };
    expect(schema.anyOf[1]).toMatchObject({
      required: ['msg', 'error_code', 'data'],
      properties: {
        error_code: { type: 'integer', enum: [1008] },
        data: { $ref: '#/components/schemas/NetworkResponse' },
      },
    });
  });

  it('declares the id of every /upgrades/{id} operation, and every path id as 1 to 2^31-1', () => {
    for (const upgradePath of ['/upgrades/{id}', '/upgrades/{id}.json']) {
      const upgradeOps = operations.filter(({ path }) => path === upgradePath);
      expect(upgradeOps.map(({ method }) => method).sort()).toEqual([
        'delete',
        'get',
        'patch',
        'put',
      ]);
    }
    for (const { name, path, operation } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect({ name, params: declared.map((p) => p.name) }).toEqual({ name, params: inPath });
      for (const parameter of declared) {
        expect({ name, required: parameter.required, schema: parameter.schema }).toEqual({
          name,
          required: true,
          schema: ID_SCHEMA,
        });
      }
    }
  });

  it('declares every query id as 1 to 2^31-1, and the MAC lookups (mac_id) as text', () => {
    const queries = operations.flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && (p.name === 'id' || p.name.endsWith('_id')))
        .map((p) => ({ name, parameter: p.name, schema: p.schema })),
    );
    expect(queries.length).toBeGreaterThan(5);
    for (const query of queries) {
      expect(query).toEqual({
        ...query,
        schema:
          query.parameter === 'mac_id' ? expect.objectContaining({ type: 'string' }) : ID_SCHEMA,
      });
    }
    expect(queries.filter((q) => q.parameter === 'mac_id').map((q) => q.name)).toEqual([
      'get /v1/access_points/list_inventory',
      'get /v1/access_points/current_status',
      'get /v1/events',
      'get /v1/access_points/availability',
      'get /v1/alerts',
      'get /v1/access_points/commands',
      'get /v1/clients',
    ]);
  });

  it('documents 401, 429 and 503 on every authenticated operation', () => {
    const secured = operations.filter(({ operation }) => !isPublic(operation));
    expect(secured.length).toBeGreaterThan(40);
    for (const { name, operation } of secured) {
      expect({ name, statuses: Object.keys(operation.responses) }).toEqual({
        name,
        statuses: expect.arrayContaining(['401', '429', '503']),
      });
    }
    expect(operations.filter(({ operation }) => isPublic(operation)).map((o) => o.name)).toEqual([
      'get /health',
      'get /',
      'get /metrics',
    ]);
  });

  it('documents 400, 413 and 422 (1030 among its codes) on every operation that reads a body', () => {
    const withBody = operations.filter(
      ({ method, operation }) => operation.requestBody || method !== 'get',
    );
    expect(withBody.length).toBeGreaterThan(20);
    for (const { name, operation } of withBody) {
      expect({ name, statuses: Object.keys(operation.responses) }).toEqual({
        name,
        statuses: expect.arrayContaining(['400', '413', '422']),
      });
      expect(JSON.stringify(operation.responses['422'])).toContain('1030');
    }
  });

  it('gives every answer of every operation a schema (a 304 has no body)', () => {
    for (const { name, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '304') {
          // RFC 9110 15.4.5: a 304 carries no content (GET /device/v1/config).
          expect({ name, status, content: response.content }).toEqual({
            name,
            status,
            content: undefined,
          });
          continue;
        }
        const media = Object.values(response.content ?? {});
        expect({ name, status, media: media.length }).toEqual({ name, status, media: 1 });
        const schema = media[0].schema ?? {};
        expect({
          name,
          status,
          typed: '$ref' in schema || 'type' in schema || 'anyOf' in schema,
        }).toEqual({ name, status, typed: true });
      }
    }
  });
});

onBothDatabases('the served OpenAPI document', (t) => {
  const f = deviceFixtures(t);

  it('equals the committed openapi.json (run `npm run openapi` after an API change)', async () => {
    const res = await t().http().get('/docs-json').expect(200);
    expect(res.body).toEqual(committed);
  });

  it('describes real success and error bodies exactly', async () => {
    const admin = await t().fixtures.admin();
    const http = () => t().http();
    const created = await http()
      .post('/v1/location_networks')
      .set(admin.auth)
      .send({ location_network: { network_name: 'Docs', timezone: 'UTC', tag_list: ['a'] } })
      .expect(200);
    expect(created).toSatisfyApiSpec();
    const id = created.body.data.id as number;
    const device = await f.device(admin.orgId, { networkId: id, part: null });
    await f.device(admin.orgId, { networkId: null });

    const answers = await Promise.all([
      http().get('/v1/location_networks/list_networks').set(admin.auth),
      http().get(`/v1/location_networks/list_networks?network_id=${id}`).set(admin.auth),
      http().get(`/v1/location_networks/${id}`).set(admin.auth),
      http().get(`/v1/location_networks/${id}/get_network_devices`).set(admin.auth),
      http().get('/v1/access_points/list_inventory').set(admin.auth),
      http().get(`/v1/access_points/list_inventory?mac_id=${device.mac_id}`).set(admin.auth),
      http().get(`/v1/access_points/current_status?mac_id=${device.mac_id}`).set(admin.auth),
      http()
        .get(`/v1/access_points/get_devices_from_serial?serial=${device.serial}`)
        .set(admin.auth),
      http().get('/v1/network_ssids').set(admin.auth),
      http().get('/v1/tags').set(admin.auth),
      http().get('/v1/init_templates').set(admin.auth),
      http().get('/v1/network_templates').set(admin.auth),
      http().get('/upgrades').set(admin.auth).set('Accept', 'application/json'),
      http().get('/upgrades/2147483647').set(admin.auth).set('Accept', 'application/json'),
      http().get('/v1/location_networks/2147483647').set(admin.auth),
      http().get('/v1/location_networks/list_networks?page=0').set(admin.auth),
      http().get('/v1/tags'),
      http().get('/health'),
    ]);
    expect(answers.map((res) => res.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 404, 404, 422, 401, 200,
    ]);
    for (const res of answers) {
      expect(res).toSatisfyApiSpec();
    }
    const destroyed = await http()
      .post('/v1/access_points/release_devices')
      .set(admin.auth)
      .send({ devices: [device.mac_id] })
      .expect(200);
    expect(destroyed).toSatisfyApiSpec();
    const deleted = await http().delete(`/v1/location_networks/${id}`).set(admin.auth).expect(200);
    expect(deleted).toSatisfyApiSpec();
  });
});

describe("the harness's check of every answer against the document", () => {
  const checker = openApiResponses();
  const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
  const answer = (status: number, body: unknown, headers: Record<string, string> = JSON_TYPE) => ({
    status,
    headers,
    body,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const TAGS = { status: 200, data: { tags: [] } };

  it('passes an answer the document describes', () => {
    expect(checker.problemOf('GET', 'http://127.0.0.1:1/v1/tags?page=2', answer(200, TAGS))).toBe(
      null,
    );
    const unauthenticated = { msg: 'Missing or invalid token', error_code: 1028 };
    expect(checker.problemOf('GET', '/v1/tags', answer(401, unauthenticated))).toBe(null);
  });

  it('fails a status the operation does not declare, a body its schema refuses, a property it does not list', () => {
    expect(checker.problemOf('GET', '/v1/tags', answer(418, {}))).toBe(
      'GET /v1/tags (get /v1/tags) answered 418, a status the document does not declare (declared: 200, 401, 403, 422, 429, 503)',
    );
    expect(checker.problemOf('GET', '/v1/tags', answer(200, { status: 200 }))).toMatch(
      /^GET \/v1\/tags \(get \/v1\/tags\) answered 200 with a body that does not match the document: \(body\) must have required property 'data'/,
    );
    expect(checker.problemOf('GET', '/v1/tags', answer(200, { ...TAGS, extra: 1 }))).toMatch(
      /answered 200 with a body that does not match the document: \(body\) must NOT have additional properties/,
    );
    expect(checker.problemOf('GET', '/v1/tags', answer(200, '', {}))).toBe(
      'GET /v1/tags (get /v1/tags) answered 200 without a body, where the document declares JSON',
    );
  });

  it('takes the most literal path template: /upgrades/5.json is /upgrades/{id}.json', () => {
    expect(checker.templateOf('get', '/upgrades/5.json')).toBe('/upgrades/{id}.json');
    expect(checker.templateOf('get', '/upgrades/5')).toBe('/upgrades/{id}');
    expect(checker.templateOf('get', '/v1/location_networks/list_networks')).toBe(
      '/v1/location_networks/list_networks',
    );
  });

  it('leaves pages, redirects, other documents, routes outside the document, server errors and 431 alone', () => {
    const page = answer(200, '<!doctype html>', { 'content-type': 'text/html; charset=utf-8' });
    expect(checker.problemOf('GET', '/upgrades/5', page)).toBe(null);
    expect(checker.problemOf('GET', '/login', answer(200, {}))).toBe(null);
    expect(checker.problemOf('OPTIONS', '/v1/tags', answer(204, ''))).toBe(null);
    expect(checker.problemOf('GET', '/v1/tags', answer(500, {}))).toBe(null);
    const toSignIn = { ...answer(303, ''), headers: { location: '/login?next=%2Fupgrades' } };
    expect(checker.problemOf('GET', '/upgrades', toSignIn)).toBe(null);
    const tooLarge = { msg: 'Request headers too large', error_code: 1033 };
    expect(checker.problemOf('GET', '/health', answer(431, tooLarge))).toBe(null);
  });
});
