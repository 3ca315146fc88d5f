import { onDatabase } from '../harness/app';

/** Unique names under concurrent creates: only PostgreSQL runs requests at once. */
onDatabase('postgres', 'platform admin: concurrent creates with the same unique value', (t) => {
  const cases: { route: string; field: string; body: () => Record<string, unknown> }[] = [
    {
      route: 'organisations',
      field: 'name',
      body: () => ({ name: 'Same Hotels', allowed_device_count: 5 }),
    },
    {
      route: 'hardware_parts',
      field: 'part_number',
      body: () => ({ part_number: 'PN-SAME', wifi_uplink: true, usb: false }),
    },
  ];

  for (const { route, field, body } of cases) {
    it(`creates one ${route} record and answers 422 1030 "${field} has already been taken" to the rest, never 500`, async () => {
      const caller = await t().fixtures.superAdmin();
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t().http().post(`/v1/admin/${route}`).set(caller.auth).send(body()),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const res of results.filter((r) => r.status !== 200)) {
        expect([res.status, res.body]).toEqual([
          422,
          {
            msg: 'Invalid parameters',
            error_code: 1030,
            errors: `${field} has already been taken`,
          },
        ]);
      }
    });
  }

  it('creates one user per email and answers 422 1030 to the rest, never 500', async () => {
    const caller = await t().fixtures.superAdmin();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t()
          .http()
          .post('/v1/admin/users')
          .set(caller.auth)
          .send({ organisation_id: caller.orgId, email: 'same@example.test', role: 'member' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expect([res.status, res.body]).toEqual([
        422,
        { msg: 'Invalid parameters', error_code: 1030, errors: 'email has already been taken' },
      ]);
    }
  });
});
