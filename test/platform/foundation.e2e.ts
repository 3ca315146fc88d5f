import { onBothDatabases } from '../harness/app';

onBothDatabases('foundation', (t) => {
  it('answers /health with the database up', async () => {
    const res = await t().http().get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 404 1034 for an unknown route, with or without a token', async () => {
    const caller = await t().fixtures.admin();
    for (const headers of [{}, caller.auth]) {
      const res = await t().http().get('/v1/no/such/route').set(headers).expect(404);
      expect(res.body).toEqual({ msg: 'No such route', error_code: 1034 });
    }
  });
});
