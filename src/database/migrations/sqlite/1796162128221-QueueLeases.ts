import { MigrationInterface, QueryRunner } from 'typeorm';

export class QueueLeases1796162128221 implements MigrationInterface {
  name = 'QueueLeases1796162128221';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "queue_leases" ("queue" varchar(32) NOT NULL, "key_id" integer NOT NULL, "owner" varchar(36) NOT NULL, "token" varchar(36) NOT NULL, "until" datetime NOT NULL, PRIMARY KEY ("queue", "key_id"))`,
    );
    // The leases held now go on in the one table (an instance stopping meanwhile loses none).
    await queryRunner.query(
      `INSERT INTO "queue_leases" ("queue", "key_id", "owner", "token", "until") SELECT 'webhook deliveries', "webhook_id", "owner", "token", "until" FROM "webhook_leases"`,
    );
    await queryRunner.query(
      `INSERT INTO "queue_leases" ("queue", "key_id", "owner", "token", "until") SELECT 'alert e-mails', "id", 'migrated', "lease_token", "lease_until" FROM "alert_emails" WHERE "lease_token" IS NOT NULL AND "lease_until" IS NOT NULL`,
    );
    await queryRunner.query(`DROP TABLE "webhook_leases"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_org"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_due"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_created"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_alert_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" varchar(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_5d049541451b24ba703e309f870" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_alert_emails"("id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at") SELECT "id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at" FROM "alert_emails"`,
    );
    await queryRunner.query(`DROP TABLE "alert_emails"`);
    await queryRunner.query(`ALTER TABLE "temporary_alert_emails" RENAME TO "alert_emails"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_org" ON "alert_emails" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_due" ON "alert_emails" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_created" ON "alert_emails" ("created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_created"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_due"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_org"`);
    await queryRunner.query(`ALTER TABLE "alert_emails" RENAME TO "temporary_alert_emails"`);
    await queryRunner.query(
      `CREATE TABLE "alert_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" varchar(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_5d049541451b24ba703e309f870" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "alert_emails"("id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at") SELECT "id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "last_attempt_at", "last_error", "created_at" FROM "temporary_alert_emails"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_alert_emails"`);
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
      `CREATE TABLE "webhook_leases" ("webhook_id" integer PRIMARY KEY NOT NULL, "owner" varchar(36) NOT NULL, "token" varchar(36) NOT NULL, "until" datetime NOT NULL, CONSTRAINT "FK_e3650eb4fd1c5ac87df26d35242" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "webhook_leases" ("webhook_id", "owner", "token", "until") SELECT l."key_id", l."owner", l."token", l."until" FROM "queue_leases" l JOIN "webhooks" w ON w."id" = l."key_id" WHERE l."queue" = 'webhook deliveries'`,
    );
    await queryRunner.query(
      `UPDATE "alert_emails" SET "lease_token" = (SELECT l."token" FROM "queue_leases" l WHERE l."queue" = 'alert e-mails' AND l."key_id" = "alert_emails"."id"), "lease_until" = (SELECT l."until" FROM "queue_leases" l WHERE l."queue" = 'alert e-mails' AND l."key_id" = "alert_emails"."id")`,
    );
    await queryRunner.query(`DROP TABLE "queue_leases"`);
  }
}
