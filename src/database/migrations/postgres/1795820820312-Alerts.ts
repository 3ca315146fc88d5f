import { MigrationInterface, QueryRunner } from 'typeorm';

export class Alerts1795820820312 implements MigrationInterface {
  name = 'Alerts1795820820312';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_rules" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "name" character varying(255) NOT NULL, "type" character varying(32) NOT NULL, "network_ids" text NOT NULL, "for_seconds" integer NOT NULL, "threshold" integer, "emails" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "active_since" TIMESTAMP NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_ae580564f087ffab9d229225aec" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_rules_org" ON "alert_rules" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alerts" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "alert_rule_id" integer NOT NULL, "type" character varying(32) NOT NULL, "state" character varying(16) NOT NULL, "subject_id" integer NOT NULL, "device_id" integer, "device_mac" character varying(17), "device_name" character varying(255), "network_id" integer, "network_name" character varying(255), "opened_at" TIMESTAMP NOT NULL, "resolved_at" TIMESTAMP, "data" text NOT NULL, CONSTRAINT "PK_60f895662df096bfcdfab7f4b96" PRIMARY KEY ("id"))`,
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
      `CREATE TABLE "alert_cursors" ("organisation_id" integer NOT NULL, "last_event_id" integer NOT NULL, CONSTRAINT "PK_8695558ad4d1540ea80bd39f60f" PRIMARY KEY ("organisation_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_watches" ("alert_rule_id" integer NOT NULL, "device_id" integer NOT NULL, "organisation_id" integer NOT NULL, "since" TIMESTAMP NOT NULL, CONSTRAINT "PK_1c9922caebde4d40391d1bea575" PRIMARY KEY ("alert_rule_id", "device_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_rules" ADD CONSTRAINT "FK_4767b72f1bf40116d71a664379e" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alerts" ADD CONSTRAINT "FK_d03d57af1ebe3872b084eed4221" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_cursors" ADD CONSTRAINT "FK_8695558ad4d1540ea80bd39f60f" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "alert_cursors" DROP CONSTRAINT "FK_8695558ad4d1540ea80bd39f60f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "alerts" DROP CONSTRAINT "FK_d03d57af1ebe3872b084eed4221"`,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_rules" DROP CONSTRAINT "FK_4767b72f1bf40116d71a664379e"`,
    );
    await queryRunner.query(`DROP TABLE "alert_watches"`);
    await queryRunner.query(`DROP TABLE "alert_cursors"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_alerts_org_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_alerts_org_state"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_alerts_open_subject"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_alerts_opened"`);
    await queryRunner.query(`DROP TABLE "alerts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_alert_rules_org"`);
    await queryRunner.query(`DROP TABLE "alert_rules"`);
  }
}
