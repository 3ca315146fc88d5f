import { DataSource } from 'typeorm';
import { DATABASES } from '../harness/app';
import { dataSourceBefore, queryOn, useMigrationDatabase } from '../harness/migration-database';

/**
 * The EmailOutbox migration on a database that holds alert e-mails: each becomes an outbox
 * message of its alert with its id, state and lease, new messages take ids after them, and
 * undoing it brings the alert e-mails back.
 */
describe.each(DATABASES)('the e-mail outbox migration [%s]', (db) => {
  const options = useMigrationDatabase(db);

  it('keeps the queued alert e-mails with their ids and leases, and gives them back when undone', async () => {
    const query = (ds: DataSource) => queryOn(db, ds);
    const rows = (ds: DataSource) => (sql: string) =>
      ds
        .query(sql)
        .then((found: Record<string, unknown>[]) =>
          found.map((row) =>
            Object.values(row).map((v) => (typeof v === 'string' || v === null ? v : Number(v))),
          ),
        );

    const before = await dataSourceBefore(options(), 'EmailOutbox').initialize();
    try {
      await before.runMigrations();
      const run = query(before);
      await run("INSERT INTO organisations (name, allowed_device_count) VALUES ('a', 5)");
      for (const [alert, kind, state] of [
        [7, 'opened', 'sent'],
        [7, 'resolved', 'pending'],
      ] as const) {
        await run(
          'INSERT INTO alert_emails (organisation_id, alert_id, kind, recipients, subject, text_body, state) VALUES (1, $1, $2, $3, $4, $5, $6)',
          [alert, kind, '["noc@example.test"]', `${kind} subject`, `${kind} body`, state],
        );
      }
      await run(
        "INSERT INTO queue_leases (queue, key_id, owner, token, until) VALUES ('alert e-mails', 2, 'i', 't', $1)",
        [new Date('2030-01-01T00:00:00Z')],
      );
    } finally {
      await before.destroy();
    }

    // Up to the EmailOutbox migration and no further, so that undoing the last one undoes it.
    const after = await dataSourceBefore(options(), 'EmailOutbox', { through: true }).initialize();
    try {
      await after.runMigrations();
      const read = rows(after);
      expect(
        await read(
          'SELECT id, topic, topic_id, state, subject, text_body, secret FROM outbox_emails ORDER BY id',
        ),
      ).toEqual([
        [1, 'alert.opened', 7, 'sent', 'opened subject', 'opened body', 0],
        [2, 'alert.resolved', 7, 'pending', 'resolved subject', 'resolved body', 0],
      ]);
      expect(await read('SELECT queue, key_id FROM queue_leases')).toEqual([['e-mails', 2]]);
      await query(after)(
        "INSERT INTO outbox_emails (organisation_id, topic, topic_id, recipients, subject, text_body, secret, state) VALUES (1, 'invitation', 3, '[]', 's', NULL, $1, 'dropped')",
        [db === 'postgres' ? true : 1],
      );
      expect(await read("SELECT id FROM outbox_emails WHERE topic = 'invitation'")).toEqual([[3]]);

      // And back: the alert e-mails return, the invitation's message does not.
      await after.undoLastMigration();
      expect(
        await read('SELECT id, alert_id, kind, state, text_body FROM alert_emails ORDER BY id'),
      ).toEqual([
        [1, 7, 'opened', 'sent', 'opened body'],
        [2, 7, 'resolved', 'pending', 'resolved body'],
      ]);
      expect(await read('SELECT queue, key_id FROM queue_leases')).toEqual([['alert e-mails', 2]]);
    } finally {
      await after.destroy();
    }
  });
});
