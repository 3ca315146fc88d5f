import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookLeases1795852782916 implements MigrationInterface {
  name = 'WebhookLeases1795852782916';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook_leased"`);
    await queryRunner.query(
      `CREATE TABLE "webhook_leases" ("webhook_id" integer PRIMARY KEY NOT NULL, "owner" varchar(36) NOT NULL, "token" varchar(36) NOT NULL, "until" datetime NOT NULL)`,
    );
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook_pending"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_created"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer, "event_type" varchar(64) NOT NULL, "test_payload" text, "message_id" varchar(64) NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "schedule_base" integer NOT NULL DEFAULT (0), "last_status_code" integer, "last_error" varchar(255), "last_attempt_at" datetime, "next_attempt_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_webhook_deliveries"("id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "created_at") SELECT "id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "created_at" FROM "webhook_deliveries"`,
    );
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_webhook_deliveries" RENAME TO "webhook_deliveries"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook_pending" ON "webhook_deliveries" ("webhook_id", "next_attempt_at", "id") WHERE "state" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "temporary_webhook_leases" ("webhook_id" integer PRIMARY KEY NOT NULL, "owner" varchar(36) NOT NULL, "token" varchar(36) NOT NULL, "until" datetime NOT NULL, CONSTRAINT "FK_e3650eb4fd1c5ac87df26d35242" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_webhook_leases"("webhook_id", "owner", "token", "until") SELECT "webhook_id", "owner", "token", "until" FROM "webhook_leases"`,
    );
    await queryRunner.query(`DROP TABLE "webhook_leases"`);
    await queryRunner.query(`ALTER TABLE "temporary_webhook_leases" RENAME TO "webhook_leases"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_leases" RENAME TO "temporary_webhook_leases"`);
    await queryRunner.query(
      `CREATE TABLE "webhook_leases" ("webhook_id" integer PRIMARY KEY NOT NULL, "owner" varchar(36) NOT NULL, "token" varchar(36) NOT NULL, "until" datetime NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "webhook_leases"("webhook_id", "owner", "token", "until") SELECT "webhook_id", "owner", "token", "until" FROM "temporary_webhook_leases"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_webhook_leases"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_created"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook_pending"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" RENAME TO "temporary_webhook_deliveries"`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer, "event_type" varchar(64) NOT NULL, "test_payload" text, "message_id" varchar(64) NOT NULL, "state" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "schedule_base" integer NOT NULL DEFAULT (0), "last_status_code" integer, "last_error" varchar(255), "last_attempt_at" datetime, "next_attempt_at" datetime, "lease_until" datetime, "lease_token" varchar(36), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "webhook_deliveries"("id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "created_at") SELECT "id", "organisation_id", "webhook_id", "event_id", "event_type", "test_payload", "message_id", "state", "attempts", "schedule_base", "last_status_code", "last_error", "last_attempt_at", "next_attempt_at", "created_at" FROM "temporary_webhook_deliveries"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_webhook_deliveries"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook_pending" ON "webhook_deliveries" ("webhook_id", "next_attempt_at", "id") WHERE "state" = 'pending'`,
    );
    await queryRunner.query(`DROP TABLE "webhook_leases"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook_leased" ON "webhook_deliveries" ("webhook_id", "lease_until") WHERE "lease_until" IS NOT NULL`,
    );
  }
}
