import { randomBytes } from 'node:crypto';
import { OutboxEmail } from '../../src/mail/outbox-email.entity';
import { MailSender } from '../../src/mail/mail-sender.service';
import { DATABASES, startApp, TestApp } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { Caller, unique } from '../harness/fixtures';
import { sleep, waitUntil } from '../harness/ports';
import { SmtpReceiver } from '../harness/smtp-receiver';
import { withoutPeriodicWork } from '../harness/periodic-work';

const PUBLIC_URL = 'https://fleet.example.com';
const FROM = 'alerts@fleet.example.com';
const ZONE = 'Asia/Kolkata';

/** `YYYY-MM-DD HH:mm:ss` of an ISO instant in a time zone, by the runtime's Intl (not the app's). */
const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

type AlertRecord = { id: number; state: string; opened_at: string; resolved_at: string | null };

/**
 * A config_failed alert of a named device in a network of ZONE, opened by a check-in that reports
 * a configuration error for the current revision (the evaluation runs each second); `resolve`
 * reports the current revision applied, which resolves it.
 */
function configFailures(t: () => TestApp) {
  const a = alertFixtures(t);
  const g = gatewayFixtures(t);
  return async (emails: string[], caller?: Caller) => {
    const admin = caller ?? (await t().fixtures.admin());
    const network = await t().fixtures.network(admin.orgId, {
      network_name: unique('Lobby '),
      timezone: ZONE,
    });
    const name = unique('lobby-ap-');
    const ap = await g.device(admin.orgId, { networkId: network.id, name });
    const rule = await a.rule(admin, { name: 'Config failures', type: 'config_failed', emails });
    const revision = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
    await g
      .checkin(ap.auth, { config_error: { revision, message: 'wpa_key rejected' } })
      .expect(200);
    const alertIn = async (state: string): Promise<AlertRecord> => {
      let found: AlertRecord | undefined;
      await waitUntil(
        async () => {
          found = (await a.alerts(admin, { alert_rule_id: rule.id, state }))[0] as AlertRecord;
          return found !== undefined;
        },
        10_000,
        `a ${state} alert`,
      );
      return found!;
    };
    const opened = await alertIn('open');
    const resolve = async () => {
      await g.checkin(ap.auth, { config_revision: revision }).expect(200);
      return alertIn('resolved');
    };
    const device = `${name} (${ap.device.mac_id})`;
    return { admin, network, ap, rule, device, revision, opened, resolve };
  };
}

const rowsOf = (t: TestApp, orgId: number) =>
  t.dataSource
    .getRepository(OutboxEmail)
    .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });

for (const db of DATABASES) {
  describe(`alert e-mails [${db}]`, () => {
    const smtp = new SmtpReceiver('airfleet', `pw-${randomBytes(8).toString('hex')}`);
    const lines: string[] = [];
    const apps: TestApp[] = [];
    const boot = async (env: Record<string, string>) => {
      const app = await startApp(
        db,
        { LOG_LEVEL: 'warn', ...env },
        { logDestination: { write: (line: string) => void lines.push(line) } },
      );
      apps.push(app);
      return app;
    };

    beforeAll(async () => {
      await smtp.start();
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await smtp.stop();
    });

    describe('with SMTP_URL', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await boot({ SMTP_URL: smtp.url, ALERT_EMAIL_FROM: FROM, PUBLIC_URL });
      }, 120_000);
      const alertWith = configFailures(() => app);

      it('mails one message for the opening and one for the resolution to the rule’s emails', async () => {
        const emails = [`noc-${randomBytes(4).toString('hex')}@example.com`, 'ops@example.org'];
        const { admin, network, ap, device, revision, opened, resolve } = await alertWith(emails);
        await waitUntil(() => smtp.to(emails[0]).length === 1, 10_000, 'the opening e-mail');
        const [first] = smtp.to(emails[0]);
        expect(first).toMatchObject({ recipients: emails, from: FROM, to: emails });
        expect(first.subject).toBe(
          `[Airfleet] Alert opened: Config failures - ${device} - network ${network.network_name}`,
        );
        const body = [
          `Device:   ${device}`,
          `Network:  ${network.network_name}`,
          `Opened:   ${localTime(opened.opened_at, ZONE)} (${ZONE})`,
          '',
          `The device reported a configuration error for revision ${revision.slice(0, 12)}: wpa_key rejected`,
        ].join('\n');
        expect(first.text).toContain(body);
        expect(first.text).toContain(`Device page: ${PUBLIC_URL}/devices/${ap.device.id}\n`);

        const resolved = await resolve();
        await waitUntil(() => smtp.to(emails[0]).length === 2, 10_000, 'the resolution e-mail');
        const second = smtp.to(emails[0])[1];
        expect(second.subject).toBe(
          `[Airfleet] Alert resolved: Config failures - ${device} - network ${network.network_name}`,
        );
        expect(second.text).toContain(
          `Opened:   ${localTime(opened.opened_at, ZONE)} (${ZONE})\n` +
            `Resolved: ${localTime(resolved.resolved_at!, ZONE)} (${ZONE})\n`,
        );
        expect(second.text).toContain(`Device page: ${PUBLIC_URL}/devices/${ap.device.id}\n`);
        await sleep(1500); // one more pass of the evaluation and of the sender: nothing more
        expect(smtp.to(emails[0])).toHaveLength(2);
        expect(
          (await rowsOf(app, admin.orgId)).map((r) => [r.topic_id, r.topic, r.state, r.attempts]),
        ).toEqual([
          [opened.id, 'alert.opened', 'sent', 1],
          [opened.id, 'alert.resolved', 'sent', 1],
        ]);
      });

      it('mails the resolution of a deleted rule’s open alert, saying so', async () => {
        const email = `gone-${randomBytes(4).toString('hex')}@example.com`;
        const { admin, rule, device } = await alertWith([email]);
        await waitUntil(() => smtp.to(email).length === 1, 10_000, 'the opening e-mail');
        await app.http().delete(`/v1/alert_rules/${rule.id}`).set(admin.auth).expect(200);
        await waitUntil(() => smtp.to(email).length === 2, 10_000, 'the resolution e-mail');
        const resolution = smtp.to(email)[1];
        expect(resolution.subject).toContain(`Alert resolved: Config failures - ${device}`);
        expect(resolution.text).toContain('wpa_key rejected\nThe rule was deleted.\n');
      });

      it('deletes sent and failed messages older than EVENT_RETENTION_DAYS, keeps the others', async () => {
        const admin = await app.fixtures.admin();
        const repository = app.dataSource.getRepository(OutboxEmail);
        const old = new Date(Date.now() - 91 * 86_400_000);
        const row = (state: OutboxEmail['state'], created_at: Date) => ({
          organisation_id: admin.orgId,
          topic: 'alert.opened' as const,
          topic_id: 1,
          recipients: ['x@example.com'],
          subject: `${state} ${created_at.toISOString()}`,
          text_body: 'body',
          state,
          next_attempt_at: state === 'pending' ? new Date(Date.now() + 86_400_000) : null,
          created_at,
        });
        await repository.insert([
          row('sent', old),
          row('failed', old),
          row('pending', old),
          row('sent', new Date()),
        ]);
        await withoutPeriodicWork(app.app, () => app.app.get(MailSender).retain());
        expect((await rowsOf(app, admin.orgId)).map((r) => r.state)).toEqual(['pending', 'sent']);
      });

      it('queues nothing for a rule without emails', async () => {
        const { admin, resolve } = await alertWith([]);
        await resolve();
        await sleep(1200);
        expect(await rowsOf(app, admin.orgId)).toEqual([]);
      });
    });

    describe('without SMTP_URL', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await boot({});
      }, 120_000);
      const alertWith = configFailures(() => app);

      it('queues and sends nothing', async () => {
        const email = `quiet-${randomBytes(4).toString('hex')}@example.com`;
        const { admin, resolve } = await alertWith([email]);
        await resolve();
        await sleep(1200);
        expect(await rowsOf(app, admin.orgId)).toEqual([]);
        expect(smtp.to(email)).toEqual([]);
      });
    });

    describe('when the SMTP server refuses (WEBHOOK_RETRY_SCHEDULE_SECONDS=1,1)', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await boot({
          SMTP_URL: smtp.url,
          ALERT_EMAIL_FROM: FROM,
          PUBLIC_URL,
          WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1',
        });
        smtp.refuseData = (recipients, earlier) =>
          recipients.some((r) => r.startsWith('flaky-')) && earlier === 0
            ? { code: 451, message: '4.3.0 Try again later' }
            : null;
        smtp.refuseRecipient = (address) =>
          address.startsWith('doomed-')
            ? { code: 550, message: `5.1.1 <${address}>: mailbox unavailable` }
            : null;
      }, 120_000);
      const alertWith = configFailures(() => app);

      it('retries a refused message on the webhook schedule and delivers it', async () => {
        const email = `flaky-${randomBytes(4).toString('hex')}@example.com`;
        const { admin, device } = await alertWith([email]);
        await waitUntil(() => smtp.to(email).length === 1, 15_000, 'the retried e-mail');
        expect(smtp.to(email)[0].subject).toContain(`Alert opened: Config failures - ${device}`);
        let row: OutboxEmail | undefined;
        await waitUntil(
          async () => ([row] = await rowsOf(app, admin.orgId))[0]?.state !== 'pending',
          5_000,
          'the outcome recorded',
        );
        expect(row).toMatchObject({
          state: 'sent',
          attempts: 2,
          next_attempt_at: null,
          last_error: null,
        });
        const logged = lines.filter((line) => line.includes(`e-mail ${row!.id} `));
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatch(/attempt 1 failed, next at .*451 4\.3\.0 Try again later/);
        expect(logged[0]).not.toContain(email);
      });

      it('gives up once the schedule is exhausted, logging each failure without the addresses', async () => {
        const emails = [
          `doomed-${randomBytes(4).toString('hex')}@example.com`,
          `doomed-${randomBytes(4).toString('hex')}@example.org`,
        ];
        const { admin } = await alertWith(emails);
        let rows: OutboxEmail[] = [];
        await waitUntil(
          async () => {
            rows = await rowsOf(app, admin.orgId);
            return rows[0]?.state === 'failed';
          },
          20_000,
          'the message to fail',
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ attempts: 3, next_attempt_at: null });
        expect(rows[0].last_error).toContain('[address]');
        const logged = lines.filter((line) => line.includes(`e-mail ${rows[0].id} `));
        expect(logged).toHaveLength(3);
        expect(logged[2]).toContain('attempt 3 failed, giving up');
        for (const line of logged) {
          expect(line).toContain('2 recipients');
          for (const secret of [...emails, 'example.com', 'example.org', smtp.password]) {
            expect(line).not.toContain(secret);
          }
        }
        expect(smtp.to(emails[0])).toEqual([]);
      });
    });
  });
}
