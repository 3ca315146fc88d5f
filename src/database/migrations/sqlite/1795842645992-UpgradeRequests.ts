import { MigrationInterface, QueryRunner } from 'typeorm';

export class UpgradeRequests1795842645992 implements MigrationInterface {
  name = 'UpgradeRequests1795842645992';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org_status"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_device_status"`);
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_rollout"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "progress" integer, "error" varchar(1000), "started_at" datetime, "completed_at" datetime, "previous_version" varchar(64), "device_seen_at" datetime, "rollout_id" integer, "revert_of" integer, "rollout_stage" integer, "request_id" varchar(36), CONSTRAINT "FK_812af4c707b30a6cdc5e192eb62" FOREIGN KEY ("rollout_id") REFERENCES "rollouts" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_upgrades"("id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at", "progress", "error", "started_at", "completed_at", "previous_version", "device_seen_at", "rollout_id", "revert_of", "rollout_stage") SELECT "id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at", "progress", "error", "started_at", "completed_at", "previous_version", "device_seen_at", "rollout_id", "revert_of", "rollout_stage" FROM "upgrades"`,
    );
    await queryRunner.query(`DROP TABLE "upgrades"`);
    await queryRunner.query(`ALTER TABLE "temporary_upgrades" RENAME TO "upgrades"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_org_status" ON "upgrades" ("organisation_id", "status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_device_status" ON "upgrades" ("device_id", "status") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_rollout" ON "upgrades" ("rollout_id") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_org_request" ON "upgrades" ("organisation_id", "request_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org_request"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_rollout"`);
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_device_status"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org_status"`);
    await queryRunner.query(`ALTER TABLE "upgrades" RENAME TO "temporary_upgrades"`);
    await queryRunner.query(
      `CREATE TABLE "upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "progress" integer, "error" varchar(1000), "started_at" datetime, "completed_at" datetime, "previous_version" varchar(64), "device_seen_at" datetime, "rollout_id" integer, "revert_of" integer, "rollout_stage" integer, CONSTRAINT "FK_812af4c707b30a6cdc5e192eb62" FOREIGN KEY ("rollout_id") REFERENCES "rollouts" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "upgrades"("id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at", "progress", "error", "started_at", "completed_at", "previous_version", "device_seen_at", "rollout_id", "revert_of", "rollout_stage") SELECT "id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at", "progress", "error", "started_at", "completed_at", "previous_version", "device_seen_at", "rollout_id", "revert_of", "rollout_stage" FROM "temporary_upgrades"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_upgrades"`);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_rollout" ON "upgrades" ("rollout_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_device_status" ON "upgrades" ("device_id", "status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_org_status" ON "upgrades" ("organisation_id", "status") `,
    );
  }
}
