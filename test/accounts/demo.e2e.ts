import { CLI } from '../../src/event-log/event-actor';
import { DemoService } from '../../src/demo/demo.service';
import { Organisation } from '../../src/organisations/organisation.entity';
import { SignInService } from '../../src/web/sign-in.service';
import { onBothDatabases } from '../harness/app';

onBothDatabases(
  'demo organisation with DEMO=true',
  (t) => {
    it('creates exactly one demo organisation when several starts seed at once', async () => {
      const demo = t().app.get(DemoService);
      const seeds = await Promise.all([1, 2, 3].map(() => demo.seedOnFirstStart()));
      expect(seeds.filter((seed) => seed !== null)).toHaveLength(1);
      expect(await t().dataSource.getRepository(Organisation).count()).toBe(1);
      expect(await demo.seedOnFirstStart()).toBeNull();
    });

    it('gives each demo admin a random password that signs in, never the old fixed one', async () => {
      const demo = t().app.get(DemoService);
      const [first, second] = [await demo.seedDemo(CLI), await demo.seedDemo(CLI)];
      expect(first).toEqual({
        organisation_id: expect.any(Number),
        user_id: expect.any(Number),
        token: expect.stringMatching(/^af_/),
        email: expect.stringMatching(/^demo\+\d+@airfleet\.local$/),
        password: expect.stringMatching(/^[\w-]{20}$/),
        device: {
          mac_id: expect.stringMatching(/^02:AF:00:00:00:[0-9A-F]{2}$/),
          secret: expect.stringMatching(/^[\w-]{32}$/),
        },
      });
      expect(second.password).not.toBe(first.password);
      const signIn = t().app.get(SignInService);
      expect((await signIn.authenticate(first.email, first.password))?.user.id).toBe(first.user_id);
      expect(await signIn.authenticate(first.email, 'airfleet-demo')).toBeNull();
    });

    it("prints one claimed demo device's credentials, which check in", async () => {
      const seed = await t().app.get(DemoService).seedDemo(CLI);
      const user = seed.device.mac_id.replace(/:/g, '');
      const res = await t()
        .http()
        .post('/device/v1/checkin')
        .set(
          'Authorization',
          `Basic ${Buffer.from(`${user}:${seed.device.secret}`).toString('base64')}`,
        )
        .send({})
        .expect(200);
      expect(res.body).toMatchObject({ status: 200, checkin_interval: 60, upgrade: null });
      const config = await t()
        .http()
        .get('/device/v1/config')
        .set(
          'Authorization',
          `Basic ${Buffer.from(`${user}:${seed.device.secret}`).toString('base64')}`,
        )
        .expect(200);
      expect(config.body.network).toMatchObject({ network_name: 'Demo Lobby' });
    });

    it('prints a token that works as an organisation admin, not a platform operator', async () => {
      const seed = await t().app.get(DemoService).seedDemo(CLI);
      const res = await t()
        .http()
        .post('/v1/admin/organisations')
        .set('Authorization', `Bearer ${seed.token}`)
        .send({ name: 'x' })
        .expect(403);
      expect(res.body.error_code).toBe(1029);
    });
  },
  { DEMO: 'true' },
);

onBothDatabases(
  'demo organisation with DEMO=false',
  (t) => {
    it('creates no demo organisation on an empty database', async () => {
      expect(await t().app.get(DemoService).seedOnFirstStart()).toBeNull();
      expect(await t().dataSource.getRepository(Organisation).count()).toBe(0);
    });
  },
  { DEMO: 'false' },
);
