import { onBothDatabases } from '../harness/app';

onBothDatabases('operability', (t) => {
  it('serves Swagger UI at /docs', async () => {
    const res = await t().http().get('/docs').redirects(1).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('swagger');
  });

  it('serves the OpenAPI document with the bearer scheme at /docs-json', async () => {
    const res = await t().http().get('/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.components.securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'opaque',
      description: 'Access token',
    });
    const create = res.body.paths['/v1/admin/organisations'].post;
    expect(Object.keys(create.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '422',
      '429',
      '503',
    ]);
    expect(
      create.responses['401'].content['application/json'].schema.properties.error_code.enum,
    ).toEqual([1028]);
  });

  it('serves Prometheus metrics per route at /metrics', async () => {
    await t().http().get('/health').expect(200);
    const res = await t().http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(
      /http_requests_total\{method="GET",route="\/health",status_code="200"\} \d+/,
    );
    expect(res.text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/health",status_code="200"}',
    );
  });

  it('names counters with _total and no other metric so, as promtool requires', async () => {
    const res = await t().http().get('/metrics').expect(200);
    const kinds = [...res.text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({
      name,
      type,
    }));
    expect(kinds.length).toBeGreaterThan(20);
    expect(kinds.filter((k) => k.type !== 'counter' && k.name.endsWith('_total'))).toEqual([]);
    expect(kinds.filter((k) => k.type === 'counter' && !k.name.endsWith('_total'))).toEqual([]);
    // the per-type gauges whose sum the totals were stay
    expect(kinds).toContainEqual({ name: 'nodejs_active_handles', type: 'gauge' });
    expect(kinds).toContainEqual({ name: 'http_requests_total', type: 'counter' });
  });
});

onBothDatabases(
  'rate limiting',
  (t) => {
    it('answers 429 1031 with Retry-After past the limit, per token', async () => {
      const a = await t().fixtures.admin();
      const b = await t().fixtures.admin();
      const call = (caller: typeof a) =>
        t().http().post('/v1/admin/organisations').set(caller.auth).send({});
      for (let i = 0; i < 3; i++) {
        await call(a).expect(403);
      }
      const res = await call(a).expect(429);
      expect(res.body).toEqual({ msg: 'Rate limit exceeded, retry later', error_code: 1031 });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await call(b).expect(403);
    });

    it('counts unauthenticated requests per IP address', async () => {
      for (let i = 0; i < 3; i++) {
        await t().http().post('/v1/admin/organisations').send({}).expect(401);
      }
      const res = await t().http().post('/v1/admin/organisations').send({}).expect(429);
      expect(res.body.error_code).toBe(1031);
    });
  },
  { RATE_LIMIT_PER_MINUTE: '3' },
);
