import { randomBytes } from 'node:crypto';
import { OutboxEmail } from '../../src/mail/outbox-email.entity';
import { MailSender } from '../../src/mail/mail-sender.service';
import { startApp, TestApp } from '../harness/app';
import { waitUntil } from '../harness/ports';
import { migratedPostgresDatabase } from '../harness/postgres-databases';
import { SmtpReceiver } from '../harness/smtp-receiver';

/** Alert e-mails on PostgreSQL: two instances send one outbox; each message goes once. */
describe('alert e-mails on two instances (PostgreSQL)', () => {
  const smtp = new SmtpReceiver('airfleet', `pw-${randomBytes(8).toString('hex')}`);
  const apps: TestApp[] = [];
  let release: () => Promise<unknown> = () => Promise.resolve();
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await release();
    await smtp.stop();
  });

  /** Counts the messages each instance claims. */
  const claimsOf = (app: TestApp) => {
    const sender = app.app.get(MailSender).queue!;
    const pump = sender.pump.bind(sender);
    const counted = { claims: 0 };
    sender.pump = async (now?: Date) => {
      const claimed = await pump(now);
      counted.claims += claimed;
      return claimed;
    };
    return counted;
  };

  it('sends every queued message exactly once, both instances claiming', async () => {
    await smtp.start();
    smtp.delayMs = 100;
    const database = await migratedPostgresDatabase();
    release = database.release;
    const env = { DATABASE_URL: database.url, SMTP_URL: smtp.url };
    apps.push(await startApp('postgres', env), await startApp('postgres', env));
    const counts = apps.map(claimsOf);
    const admin = await apps[0].fixtures.admin();
    const recipient = `noc-${randomBytes(4).toString('hex')}@example.com`;
    const subjects = Array.from({ length: 40 }, (_, i) => `message ${i}`);
    await apps[0].dataSource.getRepository(OutboxEmail).insert(
      subjects.map((subject, i) => ({
        organisation_id: admin.orgId,
        topic: 'alert.opened' as const,
        topic_id: i + 1,
        recipients: [recipient],
        subject,
        text_body: 'body',
        state: 'pending' as const,
        next_attempt_at: new Date(),
      })),
    );
    const rows = apps[0].dataSource.getRepository(OutboxEmail);
    await waitUntil(
      async () => (await rows.countBy({ organisation_id: admin.orgId, state: 'sent' })) === 40,
      30_000,
      'every message sent',
    );
    const received = smtp.to(recipient).map((mail) => mail.subject);
    expect(received).toHaveLength(40); // none sent twice
    expect(new Set(received)).toEqual(new Set(subjects));
    expect(
      (await rows.findBy({ organisation_id: admin.orgId })).every((row) => row.attempts === 1),
    ).toBe(true);
    expect(counts.map((count) => count.claims > 0)).toEqual([true, true]);
  });
});
