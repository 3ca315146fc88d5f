import { onBothDatabases } from '../harness/app';

onBothDatabases('HTTP error model', (t) => {
  it('answers 400 1032 as JSON for a malformed JSON body', async () => {
    const caller = await t().fixtures.superAdmin();
    const res = await t()
      .http()
      .post('/v1/admin/organisations')
      .set(caller.auth)
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ msg: 'Malformed JSON body', error_code: 1032 });
  });

  it('answers 400 1032 for an empty JSON body', async () => {
    const caller = await t().fixtures.superAdmin();
    const res = await t()
      .http()
      .post('/v1/admin/organisations')
      .set(caller.auth)
      .set('Content-Type', 'application/json')
      .send('')
      .expect(400);
    expect(res.body).toEqual({ msg: 'Malformed JSON body', error_code: 1032 });
  });

  it('answers 413 1033 for a body over 1 MiB', async () => {
    const caller = await t().fixtures.superAdmin();
    const res = await t()
      .http()
      .post('/v1/admin/organisations')
      .set(caller.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }))
      .expect(413);
    expect(res.body).toEqual({ msg: 'Request body larger than 1 MiB', error_code: 1033 });
  });

  it('answers 404 1034 for an unknown route, with or without a token', async () => {
    const caller = await t().fixtures.admin();
    for (const headers of [{}, caller.auth]) {
      const res = await t().http().get('/v1/no/such/route').set(headers).expect(404);
      expect(res.body).toEqual({ msg: 'No such route', error_code: 1034 });
    }
    const res = await t().http().delete('/nowhere').expect(404);
    expect(res.body).toEqual({ msg: 'No such route', error_code: 1034 });
  });

  it('answers 422 1030 with every validation message in errors', async () => {
    const caller = await t().fixtures.superAdmin();
    const res = await t()
      .http()
      .post('/v1/admin/users')
      .set(caller.auth)
      .send({ organisation_id: 'abc', email: 'not-an-email', role: 'king' })
      .expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: expect.any(String),
    });
    expect(res.body.errors).toContain('organisation_id must be an integer number');
    expect(res.body.errors).toContain('email must be an email');
    expect(res.body.errors).toContain('role must be one of the following values: admin, member');
  });

  it('gives every response a request id header', async () => {
    const res = await t().http().get('/health').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t().http().get('/health').set('x-request-id', 'abc-123').expect(200);
    expect(echoed.headers['x-request-id']).toBe('abc-123');
  });

  it("gives every answer helmet's security headers: JSON, errors and pages alike", async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
        "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const path of ['/health', '/no/such/route', '/login', '/v1/overview']) {
      const res = await t().http().get(path);
      expect(res.headers).toMatchObject(expected);
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    }
  });
});
