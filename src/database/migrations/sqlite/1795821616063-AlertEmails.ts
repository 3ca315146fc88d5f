import { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertEmails1795821616063 implements MigrationInterface {
  name = 'AlertEmails1795821616063';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" varchar(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
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
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_created"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_due"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_alert_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" varchar(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_5d049541451b24ba703e309f870" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_alert_emails"("id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "lease_until", "lease_token", "last_attempt_at", "last_error", "created_at") SELECT "id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "lease_until", "lease_token", "last_attempt_at", "last_error", "created_at" FROM "alert_emails"`,
    );
    await queryRunner.query(`DROP TABLE "alert_emails"`);
    await queryRunner.query(`ALTER TABLE "temporary_alert_emails" RENAME TO "alert_emails"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_created" ON "alert_emails" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_due" ON "alert_emails" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_org" ON "alert_emails" ("organisation_id", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_org"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_due"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_created"`);
    await queryRunner.query(`ALTER TABLE "alert_emails" RENAME TO "temporary_alert_emails"`);
    await queryRunner.query(
      `CREATE TABLE "alert_emails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" varchar(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "last_attempt_at" datetime, "last_error" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "alert_emails"("id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "lease_until", "lease_token", "last_attempt_at", "last_error", "created_at") SELECT "id", "organisation_id", "alert_id", "kind", "recipients", "subject", "text_body", "state", "attempts", "next_attempt_at", "lease_until", "lease_token", "last_attempt_at", "last_error", "created_at" FROM "temporary_alert_emails"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_alert_emails"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_org" ON "alert_emails" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_due" ON "alert_emails" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_created" ON "alert_emails" ("created_at") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_org"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_due"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_emails_created"`);
    await queryRunner.query(`DROP TABLE "alert_emails"`);
  }
}
