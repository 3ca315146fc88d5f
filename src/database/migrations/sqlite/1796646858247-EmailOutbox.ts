import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One outbox for every e-mail: the alert e-mails' table becomes `outbox_emails`, whose messages
 * name what they tell of (`topic`: an alert's opening or resolution, an invitation, and its id)
 * and whose secret bodies (an invitation's accept link) are forgotten once no longer pending.
 * The queued alert e-mails are kept, with their ids and their leases.
 */
export class EmailOutbox1796646858247 implements MigrationInterface {
  name = 'EmailOutbox1796646858247';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "topic" varchar(16) NOT NULL, "topic_id" integer NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text, "secret" boolean NOT NULL DEFAULT (0), "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_260d8c78b34dea75228535351be" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_emails_topic" ON "outbox_emails" ("organisation_id", "topic", "topic_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_emails_created" ON "outbox_emails" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_emails_due" ON "outbox_emails" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_emails_org" ON "outbox_emails" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `INSERT INTO "outbox_emails" ("id", "organisation_id", "topic", "topic_id", "recipients", "subject", "text_body", "secret", "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at") SELECT "id", "organisation_id", 'alert.' || "kind", "alert_id", "recipients", "subject", "text_body", 0, "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at" FROM "alert_emails"`,
    );
    await queryRunner.query(
      `UPDATE "queue_leases" SET "queue" = 'e-mails' WHERE "queue" = 'alert e-mails'`,
    );
    await queryRunner.query(`DROP TABLE "alert_emails"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" varchar(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_5d049541451b24ba703e309f870" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_created" ON "alert_emails" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_due" ON "alert_emails" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_org" ON "alert_emails" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `INSERT INTO "alert_emails" ("id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at") SELECT "id", "organisation_id", "topic_id", substr("topic", 7), "recipients", "subject", COALESCE("text_body", ''), "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at" FROM "outbox_emails" WHERE "topic" LIKE 'alert.%'`,
    );
    await queryRunner.query(
      `UPDATE "queue_leases" SET "queue" = 'alert e-mails' WHERE "queue" = 'e-mails'`,
    );
    await queryRunner.query(`DROP TABLE "outbox_emails"`);
  }
}
