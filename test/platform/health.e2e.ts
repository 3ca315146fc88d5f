import { onBothDatabases } from '../harness/app';

const SHARED_REDIS = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

onBothDatabases('/health without REDIS_URL', (t) => {
  it('answers 200 with the database only', async () => {
    await t().http().get('/health').expect(200, { status: 'ok', database: 'up' });
  });
});

onBothDatabases(
  '/health with a Redis that answers',
  (t) => {
    it('answers 200 and reports Redis up', async () => {
      await t().http().get('/health').expect(200, { status: 'ok', database: 'up', redis: 'up' });
    });
  },
  { REDIS_URL: SHARED_REDIS },
);

onBothDatabases(
  '/health with a Redis that is unreachable',
  (t) => {
    it('still answers 200, reporting Redis down', async () => {
      await t().http().get('/health').expect(200, { status: 'ok', database: 'up', redis: 'down' });
    });
  },
  // nothing listens on port 1
  { REDIS_URL: 'redis://127.0.0.1:1' },
);
