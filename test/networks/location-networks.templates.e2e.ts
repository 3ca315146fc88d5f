import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

onBothDatabases('network templates', (t) => {
  const create = (caller: Caller, network_template: Record<string, unknown>) =>
    t().http().post('/v1/network_templates').set(caller.auth).send({ network_template });
  const configuration = { ssid_configuration: [{ ssid_name: 'Guests', ssid_mode: '1' }] };

  it('creates a template and lists only the organisation\u2019s templates', async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin();
    await create(other, { name: 'Theirs', configuration }).expect(200);
    const res = await create(admin, { name: 'Retail', configuration }).expect(200);
    const template = {
      id: expect.any(Number),
      organisation_id: admin.orgId,
      name: 'Retail',
      configuration,
      created_at: ISO,
    };
    expect(res.body).toEqual({ data: template, status: 200 });
    const list = await t().http().get('/v1/network_templates').set(admin.auth).expect(200);
    expect(list.body).toEqual({ data: { network_templates: [template] }, status: 200 });
  });

  it('answers 422 with 1030 for a duplicate name in the organisation', async () => {
    const admin = await t().fixtures.admin();
    await create(admin, { name: 'Retail', configuration }).expect(200);
    const res = await create(admin, { name: 'Retail', configuration }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'name has already been taken',
    });
    const other = await t().fixtures.admin();
    await create(other, { name: 'Retail', configuration }).expect(200);
  });

  it('answers 422 with 1030 for a missing name or configuration', async () => {
    const admin = await t().fixtures.admin();
    const res = await create(admin, { configuration: { ssid_configuration: 'x' } }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors:
        'network_template.name must be shorter than or equal to 255 characters, network_template.name should not be empty, network_template.name must be a string, network_template.configuration.ssid_configuration must contain only objects, network_template.configuration.ssid_configuration must be an array',
    });
  });

  it('answers 403 with 1029 to a member', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    for (const call of [
      t()
        .http()
        .post('/v1/network_templates')
        .send({ network_template: { name: 'x', configuration } }),
      t().http().get('/v1/network_templates'),
    ]) {
      const res = await call.set(member.auth).expect(403);
      expect(res.body).toEqual({ msg: 'Only an organisation admin may do this', error_code: 1029 });
    }
  });
});
