import { randomBytes } from 'node:crypto';
import { onBothDatabases, TestApp } from '../harness/app';
import { browser, browserUser, csrfOf } from '../harness/web-session';

/** Every line the app logs during this file, parsed (pino writes one JSON object per line). */
const lines: string[] = [];
const destination = { write: (line: string) => void lines.push(line) };

interface LogLine {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: Record<string, unknown>;
}
const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

/** Makes the database refuse an SSID with this WPA key, as a constraint the app does not know. */
async function refuseWpaKey(t: TestApp, wpaKey: string): Promise<void> {
  if (t.db === 'postgres') {
    await t.dataSource.query(
      `ALTER TABLE network_ssids ADD CONSTRAINT logging_test_refuses CHECK (position('${wpaKey}' in settings) = 0)`,
    );
  } else {
    await t.dataSource.query(
      `CREATE TRIGGER logging_test_refuses BEFORE INSERT ON network_ssids
       WHEN instr(NEW.settings, '${wpaKey}') > 0 BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
  }
}

onBothDatabases(
  'logs without secrets',
  (t) => {
    it('logs each request but never the session cookie, a token, the password or a WPA key', async () => {
      const user = await browserUser(t(), { role: 'admin' });
      const network = await t().fixtures.network(user.orgId);
      const wpaKey = `wpa-${randomBytes(12).toString('hex')}`;
      await refuseWpaKey(t(), wpaKey);
      lines.length = 0;

      const agent = browser(t());
      const form = await agent.get('/login').expect(200);
      const signIn = await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrfOf(form.text), email: user.email, password: user.password })
        .expect(303);
      const cookies = signIn.headers['set-cookie'] as unknown as string[];
      const sessionCookie = cookies
        .find((c) => c.startsWith('airfleet_session='))!
        .split(';')[0]
        .split('=')[1];
      await agent.get('/upgrades').expect(200);
      await t()
        .http()
        .get(`/v1/location_networks/list_networks?page=1&access_token=${user.token}`)
        .expect(200);
      await t().http().get('/v1/location_networks/list_networks').set(user.auth).expect(200);
      const failed = await t()
        .http()
        .post('/v1/network_ssids')
        .set(user.auth)
        .send({ network_id: network.id, network_ssid: { ssid_name: 'office', wpa_key: wpaKey } })
        .expect(500);
      expect(failed.body).toEqual({
        msg: 'Internal server error',
        error_code: 1035,
        request_id: expect.any(String),
      });

      const log = parsed();
      const urls = log
        .filter((l) => l.req && l.res)
        .map((l) => `${l.res?.statusCode} ${l.req?.url}`);
      expect(urls).toEqual([
        '200 /login',
        '303 /login',
        '200 /upgrades',
        '200 /v1/location_networks/list_networks?page=1&access_token=[redacted]',
        '200 /v1/location_networks/list_networks',
        '500 /v1/network_ssids',
      ]);
      const failure = log.find((l) => l.msg === 'Unexpected failure');
      expect(failure?.err).toEqual(
        expect.objectContaining({ type: 'QueryFailedError', message: expect.any(String) }),
      );
      expect(failure?.err).not.toHaveProperty('parameters');
      expect(failure?.err).not.toHaveProperty('query');
      expect(failure?.err).not.toHaveProperty('detail');
      const secrets = [
        sessionCookie,
        decodeURIComponent(sessionCookie),
        user.token,
        user.password,
        wpaKey,
      ];
      for (const line of lines) {
        for (const secret of secrets) {
          expect(line).not.toContain(secret);
        }
      }
    });
  },
  { LOG_LEVEL: 'info' },
  { logDestination: destination },
);
