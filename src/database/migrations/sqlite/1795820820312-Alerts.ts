import { MigrationInterface, QueryRunner } from 'typeorm';

export class Alerts1795820820312 implements MigrationInterface {
  name = 'Alerts1795820820312';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_rules" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "name" varchar(255) NOT NULL, "type" varchar(32) NOT NULL, "network_ids" text NOT NULL, "for_seconds" integer NOT NULL, "threshold" integer, "emails" text NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "active_since" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_rules_org" ON "alert_rules" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alerts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_rule_id" integer NOT NULL, "type" varchar(32) NOT NULL, "state" varchar(16) NOT NULL, "subject_id" integer NOT NULL, "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "opened_at" datetime NOT NULL, "resolved_at" datetime, "data" text NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_alerts_opened" ON "alerts" ("opened_at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_alerts_open_subject" ON "alerts" ("alert_rule_id", "subject_id") WHERE state = 'open'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alerts_org_state" ON "alerts" ("organisation_id", "state", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alerts_org_id" ON "alerts" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_cursors" ("organisation_id" integer PRIMARY KEY NOT NULL, "last_event_id" integer NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_watches" ("alert_rule_id" integer NOT NULL, "device_id" integer NOT NULL, "organisation_id" integer NOT NULL, "since" datetime NOT NULL, PRIMARY KEY ("alert_rule_id", "device_id"))`,
    );
    await queryRunner.query(`DROP INDEX "IDX_alert_rules_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_alert_rules" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "name" varchar(255) NOT NULL, "type" varchar(32) NOT NULL, "network_ids" text NOT NULL, "for_seconds" integer NOT NULL, "threshold" integer, "emails" text NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "active_since" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_4767b72f1bf40116d71a664379e" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_alert_rules"("id", "organisation_id", "name", "type", "network_ids", "for_seconds", "threshold", "emails", "enabled", "active_since", "created_at", "updated_at") SELECT "id", "organisation_id", "name", "type", "network_ids", "for_seconds", "threshold", "emails", "enabled", "active_since", "created_at", "updated_at" FROM "alert_rules"`,
    );
    await queryRunner.query(`DROP TABLE "alert_rules"`);
    await queryRunner.query(`ALTER TABLE "temporary_alert_rules" RENAME TO "alert_rules"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_rules_org" ON "alert_rules" ("organisation_id", "id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_alerts_opened"`);
    await queryRunner.query(`DROP INDEX "UQ_alerts_open_subject"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_state"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_alerts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_rule_id" integer NOT NULL, "type" varchar(32) NOT NULL, "state" varchar(16) NOT NULL, "subject_id" integer NOT NULL, "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "opened_at" datetime NOT NULL, "resolved_at" datetime, "data" text NOT NULL, CONSTRAINT "FK_d03d57af1ebe3872b084eed4221" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_alerts"("id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data") SELECT "id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data" FROM "alerts"`,
    );
    await queryRunner.query(`DROP TABLE "alerts"`);
    await queryRunner.query(`ALTER TABLE "temporary_alerts" RENAME TO "alerts"`);
    await queryRunner.query(`CREATE INDEX "IDX_alerts_opened" ON "alerts" ("opened_at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_alerts_open_subject" ON "alerts" ("alert_rule_id", "subject_id") WHERE state = 'open'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alerts_org_state" ON "alerts" ("organisation_id", "state", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alerts_org_id" ON "alerts" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "temporary_alert_cursors" ("organisation_id" integer PRIMARY KEY NOT NULL, "last_event_id" integer NOT NULL, CONSTRAINT "FK_8695558ad4d1540ea80bd39f60f" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_alert_cursors"("organisation_id", "last_event_id") SELECT "organisation_id", "last_event_id" FROM "alert_cursors"`,
    );
    await queryRunner.query(`DROP TABLE "alert_cursors"`);
    await queryRunner.query(`ALTER TABLE "temporary_alert_cursors" RENAME TO "alert_cursors"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "alert_cursors" RENAME TO "temporary_alert_cursors"`);
    await queryRunner.query(
      `CREATE TABLE "alert_cursors" ("organisation_id" integer PRIMARY KEY NOT NULL, "last_event_id" integer NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "alert_cursors"("organisation_id", "last_event_id") SELECT "organisation_id", "last_event_id" FROM "temporary_alert_cursors"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_alert_cursors"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_state"`);
    await queryRunner.query(`DROP INDEX "UQ_alerts_open_subject"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_opened"`);
    await queryRunner.query(`ALTER TABLE "alerts" RENAME TO "temporary_alerts"`);
    await queryRunner.query(
      `CREATE TABLE "alerts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_rule_id" integer NOT NULL, "type" varchar(32) NOT NULL, "state" varchar(16) NOT NULL, "subject_id" integer NOT NULL, "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "opened_at" datetime NOT NULL, "resolved_at" datetime, "data" text NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "alerts"("id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data") SELECT "id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data" FROM "temporary_alerts"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_alerts"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_alerts_org_id" ON "alerts" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alerts_org_state" ON "alerts" ("organisation_id", "state", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_alerts_open_subject" ON "alerts" ("alert_rule_id", "subject_id") WHERE state = 'open'`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_alerts_opened" ON "alerts" ("opened_at") `);
    await queryRunner.query(`DROP INDEX "IDX_alert_rules_org"`);
    await queryRunner.query(`ALTER TABLE "alert_rules" RENAME TO "temporary_alert_rules"`);
    await queryRunner.query(
      `CREATE TABLE "alert_rules" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "name" varchar(255) NOT NULL, "type" varchar(32) NOT NULL, "network_ids" text NOT NULL, "for_seconds" integer NOT NULL, "threshold" integer, "emails" text NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "active_since" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "alert_rules"("id", "organisation_id", "name", "type", "network_ids", "for_seconds", "threshold", "emails", "enabled", "active_since", "created_at", "updated_at") SELECT "id", "organisation_id", "name", "type", "network_ids", "for_seconds", "threshold", "emails", "enabled", "active_since", "created_at", "updated_at" FROM "temporary_alert_rules"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_alert_rules"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_rules_org" ON "alert_rules" ("organisation_id", "id") `,
    );
    await queryRunner.query(`DROP TABLE "alert_watches"`);
    await queryRunner.query(`DROP TABLE "alert_cursors"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_state"`);
    await queryRunner.query(`DROP INDEX "UQ_alerts_open_subject"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_opened"`);
    await queryRunner.query(`DROP TABLE "alerts"`);
    await queryRunner.query(`DROP INDEX "IDX_alert_rules_org"`);
    await queryRunner.query(`DROP TABLE "alert_rules"`);
  }
}
