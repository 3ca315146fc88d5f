import { onBothDatabases } from '../harness/app';

/** Requests Fastify's router refuses before a route runs still answer coded JSON. */
onBothDatabases('router errors', (t) => {
  it('answers a path id longer than 100 characters like any other non-integer id, not 414', async () => {
    const admin = await t().fixtures.admin();
    const short = await t().http().get('/v1/location_networks/abc').set(admin.auth);
    const long = await t()
      .http()
      .get(`/v1/location_networks/${'a'.repeat(5000)}`)
      .set(admin.auth);
    expect(short.status).toBe(422);
    expect(long.status).toBe(422);
    expect(long.body).toEqual(short.body);
  });

  it('answers 422 1030 for a path parameter that is not valid percent-encoding', async () => {
    const admin = await t().fixtures.admin();
    const res = await t().http().get('/v1/network_ssids/%E0%A4%A').set(admin.auth).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'a path parameter is not valid percent-encoding',
    });
  });

  it('answers a malformed upgrade id like any other non-integer id on the upgrade routes: 422 {message, status}', async () => {
    const admin = await t().fixtures.admin();
    for (const path of ['/upgrades/%E0%A4%A', '/upgrades/%zz.json']) {
      const res = await t().http().get(path).set(admin.auth).expect(422);
      expect(res.body).toEqual({
        message: 'a path parameter is not valid percent-encoding',
        status: 422,
      });
    }
  });
});
