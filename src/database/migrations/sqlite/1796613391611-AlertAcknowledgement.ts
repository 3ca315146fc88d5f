import { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertAcknowledgement1796613391611 implements MigrationInterface {
  name = 'AlertAcknowledgement1796613391611';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_state"`);
    await queryRunner.query(`DROP INDEX "UQ_alerts_open_subject"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_opened"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_alerts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_rule_id" integer NOT NULL, "type" varchar(32) NOT NULL, "state" varchar(16) NOT NULL, "subject_id" integer NOT NULL, "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "opened_at" datetime NOT NULL, "resolved_at" datetime, "data" text NOT NULL, "acknowledged_by" integer, "acknowledged_by_email" varchar(255), "acknowledged_at" datetime, CONSTRAINT "FK_d03d57af1ebe3872b084eed4221" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_alerts"("id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data") SELECT "id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data" FROM "alerts"`,
    );
    await queryRunner.query(`DROP TABLE "alerts"`);
    await queryRunner.query(`ALTER TABLE "temporary_alerts" RENAME TO "alerts"`);
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
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_alerts_opened"`);
    await queryRunner.query(`DROP INDEX "UQ_alerts_open_subject"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_state"`);
    await queryRunner.query(`DROP INDEX "IDX_alerts_org_id"`);
    await queryRunner.query(`ALTER TABLE "alerts" RENAME TO "temporary_alerts"`);
    await queryRunner.query(
      `CREATE TABLE "alerts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "alert_rule_id" integer NOT NULL, "type" varchar(32) NOT NULL, "state" varchar(16) NOT NULL, "subject_id" integer NOT NULL, "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "opened_at" datetime NOT NULL, "resolved_at" datetime, "data" text NOT NULL, CONSTRAINT "FK_d03d57af1ebe3872b084eed4221" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "alerts"("id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data") SELECT "id", "organisation_id", "alert_rule_id", "type", "state", "subject_id", "device_id", "device_mac", "device_name", "network_id", "network_name", "opened_at", "resolved_at", "data" FROM "temporary_alerts"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_alerts"`);
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
  }
}
