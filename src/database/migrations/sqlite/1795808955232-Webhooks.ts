import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795808955232 implements MigrationInterface {
  name = 'Webhooks1795808955232';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "url" varchar(2048) NOT NULL, "event_types" text NOT NULL, "description" varchar(255), "enabled" boolean NOT NULL DEFAULT (1), "disabled_reason" varchar(255), "secret" varchar(64) NOT NULL, "previous_secret" varchar(64), "previous_secret_until" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhooks_org" ON "webhooks" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer, "event_type" varchar(64) NOT NULL, "test_payload" text, "message_id" varchar(64) NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "schedule_base" integer NOT NULL DEFAULT (0), "last_status_code" integer, "last_error" varchar(255), "last_attempt_at" datetime, "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_due" ON "webhook_deliveries" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_webhooks_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_webhooks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "url" varchar(2048) NOT NULL, "event_types" text NOT NULL, "description" varchar(255), "enabled" boolean NOT NULL DEFAULT (1), "disabled_reason" varchar(255), "secret" varchar(64) NOT NULL, "previous_secret" varchar(64), "previous_secret_until" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_f17cbaff252a2efbca190dbd0ff" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_webhooks"("id", "organisation_id", "url", "event_types", "description", "enabled", "disabled_reason", "secret", "previous_secret", "previous_secret_until", "created_at", "updated_at") SELECT "id", "organisation_id", "url", "event_types", "description", "enabled", "disabled_reason", "secret", "previous_secret", "previous_secret_until", "created_at", "updated_at" FROM "webhooks"`,
    );
    await queryRunner.query(`DROP TABLE "webhooks"`);
    await queryRunner.query(`ALTER TABLE "temporary_webhooks" RENAME TO "webhooks"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_webhooks_org" ON "webhooks" ("organisation_id", "id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_deliveries_created"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer, "event_type" varchar(64) NOT NULL, "test_payload" text, "message_id" varchar(64) NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "schedule_base" integer NOT NULL DEFAULT (0), "last_status_code" integer, "last_error" varchar(255), "last_attempt_at" datetime, "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_webhook_deliveries"("id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "lease_until", "lease_token", "created_at") SELECT "id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "lease_until", "lease_token", "created_at" FROM "webhook_deliveries"`,
    );
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_webhook_deliveries" RENAME TO "webhook_deliveries"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_due" ON "webhook_deliveries" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_created"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" RENAME TO "temporary_webhook_deliveries"`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer, "event_type" varchar(64) NOT NULL, "test_payload" text, "message_id" varchar(64) NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "schedule_base" integer NOT NULL DEFAULT (0), "last_status_code" integer, "last_error" varchar(255), "last_attempt_at" datetime, "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "webhook_deliveries"("id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "lease_until", "lease_token", "created_at") SELECT "id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "lease_until", "lease_token", "created_at" FROM "temporary_webhook_deliveries"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_webhook_deliveries"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_due" ON "webhook_deliveries" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_webhooks_org"`);
    await queryRunner.query(`ALTER TABLE "webhooks" RENAME TO "temporary_webhooks"`);
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "url" varchar(2048) NOT NULL, "event_types" text NOT NULL, "description" varchar(255), "enabled" boolean NOT NULL DEFAULT (1), "disabled_reason" varchar(255), "secret" varchar(64) NOT NULL, "previous_secret" varchar(64), "previous_secret_until" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "webhooks"("id", "organisation_id", "url", "event_types", "description", "enabled", "disabled_reason", "secret", "previous_secret", "previous_secret_until", "created_at", "updated_at") SELECT "id", "organisation_id", "url", "event_types", "description", "enabled", "disabled_reason", "secret", "previous_secret", "previous_secret_until", "created_at", "updated_at" FROM "temporary_webhooks"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_webhooks"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_webhooks_org" ON "webhooks" ("organisation_id", "id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_created"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "IDX_webhooks_org"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
