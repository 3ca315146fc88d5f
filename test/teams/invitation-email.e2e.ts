import { randomBytes } from 'node:crypto';
import { CLI } from '../../src/event-log/event-actor';
import { MailSender } from '../../src/mail/mail-sender.service';
import { OutboxEmail } from '../../src/mail/outbox-email.entity';
import { UsersService } from '../../src/users/users.service';
import { DATABASES, migratedPostgresDatabase, startApp, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';
import { withoutPeriodicWork } from '../harness/periodic-work';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';
import { sleep, waitUntil } from '../harness/ports';
import { ReceivedMail, SmtpReceiver } from '../harness/smtp-receiver';

const PUBLIC_URL = 'https://fleet.example.com';
const FROM = 'Airfleet <noc@fleet.example.com>';
const LINK = /https:\/\/fleet\.example\.com\/invitations\/accept\?token=([\w%-]+)/;
const ANSWER_KEYS = [
  'accept_url',
  'created_at',
  'email',
  'expires_at',
  'id',
  'invited_by',
  'role',
  'token',
];

let n = 0;
const address = (prefix = 'invitee') =>
  `${prefix}-${randomBytes(4).toString('hex')}-${n++}@example.test`;

/** The invitation e-mails of an organisation, oldest first. */
const mailsOf = (t: TestApp, orgId: number) =>
  t.dataSource
    .getRepository(OutboxEmail)
    .find({ where: { organisation_id: orgId, topic: 'invitation' }, order: { id: 'ASC' } });

/** What an app logs, kept for the test to read. */
function bootWithLog(db: (typeof DATABASES)[number]) {
  const lines: string[] = [];
  const apps: TestApp[] = [];
  const boot = async (env: Record<string, string>) => {
    const app = await startApp(
      db,
      { LOG_LEVEL: 'info', PUBLIC_URL, ...env },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    apps.push(app);
    return app;
  };
  return { lines, apps, boot };
}

for (const db of DATABASES) {
  describe(`invitation e-mails [${db}]`, () => {
    const smtp = new SmtpReceiver('airfleet', `pw-${randomBytes(8).toString('hex')}`);
    const { lines, apps, boot } = bootWithLog(db);
    beforeAll(async () => {
      await smtp.start();
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await smtp.stop();
    });

    const invite = (t: TestApp, caller: Caller, email: string) =>
      t.http().post('/v1/invitations').set(caller.auth).send({ invitation: { email } }).expect(200);
    /** A user of an organisation of their own with this e-mail, and a token of theirs. */
    const person = async (t: TestApp, email: string) => {
      const org = await t.fixtures.organisation();
      const users = t.app.get(UsersService);
      const user = await users.createUser({ organisation_id: org.id, email, role: 'admin' });
      const { token } = await users.issueToken(user.id, CLI, 'own');
      return { auth: { Authorization: `Bearer ${token}` } };
    };
    const mailedTo = async (email: string, count = 1): Promise<ReceivedMail[]> => {
      await waitUntil(() => smtp.to(email).length >= count, 15_000, `mail to ${email}`);
      return smtp.to(email);
    };

    describe('with SMTP_URL', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await boot({ SMTP_URL: smtp.url, ALERT_EMAIL_FROM: FROM });
      }, 120_000);

      it('mails the invitee one message with the accept link, which accepts the invitation', async () => {
        const admin = await app.fixtures.admin();
        const organisation = (await app.http().get('/v1/me').set(admin.auth).expect(200)).body.data
          .organisation.name as string;
        const email = address();
        const res = await invite(app, admin, email.toUpperCase());
        const { id, token, accept_url } = res.body.data.invitation;
        expect(Object.keys(res.body.data.invitation).sort()).toEqual(ANSWER_KEYS);
        expect(accept_url).toBe(`${PUBLIC_URL}/invitations/accept?token=${token}`);

        const [mail] = await mailedTo(email);
        expect(mail).toMatchObject({
          recipients: [email],
          to: [email],
          from: 'noc@fleet.example.com',
          subject: `[Airfleet] You are invited to ${organisation}`,
        });
        expect(mail.text).toContain(`\n${accept_url}\n`);
        expect(mail.text).toContain('with the role member.');
        await sleep(1500); // another pass of the sender: nothing more
        expect(smtp.to(email)).toHaveLength(1);

        const linked = decodeURIComponent(LINK.exec(mail.text)![1]);
        const invitee = await person(app, email);
        await app
          .http()
          .post('/v1/invitations/accept')
          .set(invitee.auth)
          .send({ token: linked })
          .expect(200);

        // Sent: the outbox no longer holds the link, and no log line or event ever did.
        const [row] = await mailsOf(app, admin.orgId);
        expect(row).toMatchObject({
          topic_id: id,
          state: 'sent',
          attempts: 1,
          secret: true,
          text_body: null,
          next_attempt_at: null,
          recipients: [email],
        });
        expect(lines.join('\n')).not.toContain(token);
        const events = await app
          .http()
          .get('/v1/events')
          .query({ after: 0 })
          .set(admin.auth)
          .expect(200);
        expect(JSON.stringify(events.body)).not.toContain(token);
        const listed = await app.http().get('/v1/invitations').set(admin.auth).expect(200);
        expect(JSON.stringify(listed.body)).not.toContain(token);
      });

      it('drops the unsent mail of a replaced, revoked or accepted invitation: only the new one goes', async () => {
        const admin = await app.fixtures.admin();
        const replaced = address();
        const revoked = address();
        const accepted = address();
        const invitee = await person(app, accepted);
        const [first, second] = await withoutPeriodicWork(app.app, async () => {
          const first = (await invite(app, admin, replaced)).body.data.invitation;
          const second = (await invite(app, admin, replaced.toUpperCase())).body.data.invitation;
          const gone = (await invite(app, admin, revoked)).body.data.invitation;
          await app.http().delete(`/v1/invitations/${gone.id}`).set(admin.auth).expect(200);
          const used = (await invite(app, admin, accepted)).body.data.invitation;
          await app
            .http()
            .post('/v1/invitations/accept')
            .set(invitee.auth)
            .send({ token: used.token })
            .expect(200);
          const rows = await mailsOf(app, admin.orgId);
          expect(rows.map((r) => [r.topic_id, r.state, r.text_body === null])).toEqual([
            [first.id, 'dropped', true],
            [second.id, 'pending', false],
            [gone.id, 'dropped', true],
            [used.id, 'dropped', true],
          ]);
          return [first, second];
        });
        const [mail] = await mailedTo(replaced);
        expect(mail.text).toContain(second.accept_url);
        await sleep(1500);
        expect(smtp.to(replaced)).toHaveLength(1);
        expect(smtp.to(revoked)).toEqual([]);
        expect(smtp.to(accepted)).toEqual([]);
        expect(mail.text).not.toContain(first.token);
      });
      it('says on the Members page that an invitation made there is on its way by e-mail', async () => {
        const admin = await browserUser(app, { role: 'admin' });
        const agent = await signedIn(app, admin);
        const page = await agent.get('/members').expect(200);
        const email = address();
        const invited = await agent
          .post('/members/invitations')
          .type('form')
          .send({ _csrf: csrfOf(page.text), email, role: 'member' })
          .expect(200);
        expect(invited.text).toContain(
          `<p id="invitation-mail">It is also on its way to ${email} by e-mail.</p>`,
        );
        const [mail] = await mailedTo(email);
        const shown = /<p id="invitation-link"><code>([^<]+)<\/code><\/p>/
          .exec(invited.text)![1]
          .replace(/&#x3D;/g, '=');
        expect(mail.text).toContain(`\n${shown.replace('http://localhost:3000', PUBLIC_URL)}\n`);
      });
    });

    describe('without SMTP_URL', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await boot({});
      }, 120_000);

      it('answers the same and queues and sends nothing', async () => {
        const admin = await app.fixtures.admin();
        const email = address();
        const res = await invite(app, admin, email);
        expect(Object.keys(res.body.data.invitation).sort()).toEqual(ANSWER_KEYS);
        await sleep(1200);
        expect(await mailsOf(app, admin.orgId)).toEqual([]);
        expect(smtp.to(email)).toEqual([]);
      });
    });

    describe('when the SMTP server refuses (WEBHOOK_RETRY_SCHEDULE_SECONDS=1,1)', () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await boot({
          SMTP_URL: smtp.url,
          WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1',
        });
        smtp.refuseData = (recipients, earlier) =>
          recipients.some((r) => r.startsWith('flaky-')) && earlier === 0
            ? { code: 451, message: '4.3.0 Try again later' }
            : null;
        smtp.refuseRecipient = (to) =>
          to.startsWith('doomed-') ? { code: 550, message: `5.1.1 <${to}>: no such user` } : null;
      }, 120_000);

      it('retries a refused message and delivers it once', async () => {
        const admin = await app.fixtures.admin();
        const email = address('flaky');
        const { token, accept_url } = (await invite(app, admin, email)).body.data.invitation;
        const [mail] = await mailedTo(email);
        expect(mail.text).toContain(accept_url);
        let row: OutboxEmail | undefined;
        await waitUntil(
          async () => ([row] = await mailsOf(app, admin.orgId))[0]?.state !== 'pending',
          5_000,
          'the outcome recorded',
        );
        expect(row).toMatchObject({
          state: 'sent',
          attempts: 2,
          text_body: null,
          last_error: null,
        });
        const logged = lines.filter((line) => line.includes(`e-mail ${row!.id} `));
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatch(/invitation \d+, 1 recipients\): attempt 1 failed, next at/);
        expect(smtp.to(email)).toHaveLength(1);
        expect(lines.join('\n')).not.toContain(token);
        expect(lines.join('\n')).not.toContain(email);
      });

      it('gives up once the schedule is exhausted and forgets the link', async () => {
        const admin = await app.fixtures.admin();
        const email = address('doomed');
        const { token } = (await invite(app, admin, email)).body.data.invitation;
        let row: OutboxEmail | undefined;
        await waitUntil(
          async () => ([row] = await mailsOf(app, admin.orgId))[0]?.state === 'failed',
          20_000,
          'the message to fail',
        );
        expect(row).toMatchObject({ attempts: 3, text_body: null, next_attempt_at: null });
        expect(row!.last_error).toContain('[address]');
        expect(lines.join('\n')).not.toContain(token);
        expect(lines.join('\n')).not.toContain(email);
      });
    });
  });
}

/** Two instances on one PostgreSQL database send each invitation's e-mail once. */
describe('invitation e-mails on two instances [postgres]', () => {
  const smtp = new SmtpReceiver('airfleet', `pw-${randomBytes(8).toString('hex')}`);
  const { apps, boot } = bootWithLog('postgres');
  let release: () => Promise<unknown> = () => Promise.resolve();
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await release();
    await smtp.stop();
  });
  const invite = (t: TestApp, caller: Caller, email: string) =>
    t.http().post('/v1/invitations').set(caller.auth).send({ invitation: { email } }).expect(200);
  /** Counts the messages an instance claims. */
  const claimsOf = (app: TestApp) => {
    const queue = app.app.get(MailSender).queue!;
    const pump = queue.pump.bind(queue);
    const counted = { claims: 0 };
    queue.pump = async (now?: Date) => {
      const claimed = await pump(now);
      counted.claims += claimed;
      return claimed;
    };
    return counted;
  };

  it('sends every invitation’s e-mail exactly once, both instances claiming', async () => {
    await smtp.start();
    smtp.delayMs = 100;
    const database = await migratedPostgresDatabase();
    release = database.release;
    const env = { DATABASE_URL: database.url, SMTP_URL: smtp.url };
    const [one, two] = [await boot(env), await boot(env)];
    const counts = [one, two].map(claimsOf);
    const admin = await one.fixtures.admin();
    const emails = Array.from({ length: 30 }, () => address('many'));
    const answers = await withoutPeriodicWork(one.app, () =>
      withoutPeriodicWork(two.app, async () => {
        const issued: { accept_url: string }[] = [];
        for (const [i, email] of emails.entries()) {
          const app = i % 2 === 0 ? one : two;
          issued.push((await invite(app, admin, email)).body.data.invitation);
        }
        return issued;
      }),
    );
    await waitUntil(
      async () =>
        (await one.dataSource
          .getRepository(OutboxEmail)
          .countBy({ organisation_id: admin.orgId, state: 'sent' })) === emails.length,
      30_000,
      'every invitation mailed',
    );
    for (const [i, email] of emails.entries()) {
      const received = smtp.to(email);
      expect(received).toHaveLength(1);
      expect(received[0].text).toContain(answers[i].accept_url);
    }
    const rows = await mailsOf(one, admin.orgId);
    expect(rows.every((row) => row.attempts === 1 && row.text_body === null)).toBe(true);
    expect(counts.map((count) => count.claims > 0)).toEqual([true, true]);
  });
});
