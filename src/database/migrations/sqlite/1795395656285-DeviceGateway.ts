import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeviceGateway1795395656285 implements MigrationInterface {
  name = 'DeviceGateway1795395656285';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_186c5b092a9017629156282a30"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_master_inventory" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "serial" varchar(255) NOT NULL, "mac_id" varchar(17) NOT NULL, "hardware_part_id" integer NOT NULL, "secret_hash" varchar(64), CONSTRAINT "UQ_10a9f9ae5127c6ca4b107ffae08" UNIQUE ("mac_id"), CONSTRAINT "UQ_1133278f2781946a2de5f8b5796" UNIQUE ("serial"), CONSTRAINT "FK_186c5b092a9017629156282a30a" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_master_inventory"("id", "serial", "mac_id", "hardware_part_id") SELECT "id", "serial", "mac_id", "hardware_part_id" FROM "master_inventory"`,
    );
    await queryRunner.query(`DROP TABLE "master_inventory"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_master_inventory" RENAME TO "master_inventory"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_186c5b092a9017629156282a30" ON "master_inventory" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "temporary_heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at" FROM "heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`ALTER TABLE "temporary_heartbeats" RENAME TO "heartbeats"`);
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "progress" integer, "error" varchar(1000), "started_at" datetime, "completed_at" datetime, "previous_version" varchar(64), "device_seen_at" datetime, "rollout_id" integer, "revert_of" integer, CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_upgrades"("id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at") SELECT "id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at" FROM "upgrades"`,
    );
    await queryRunner.query(`DROP TABLE "upgrades"`);
    await queryRunner.query(`ALTER TABLE "temporary_upgrades" RENAME TO "upgrades"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_rollout" ON "upgrades" ("rollout_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_rollout"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org"`);
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(`ALTER TABLE "upgrades" RENAME TO "temporary_upgrades"`);
    await queryRunner.query(
      `CREATE TABLE "upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "upgrades"("id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at") SELECT "id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at" FROM "temporary_upgrades"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_upgrades"`);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" RENAME TO "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at" FROM "temporary_heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_heartbeats"`);
    await queryRunner.query(`DROP INDEX "IDX_186c5b092a9017629156282a30"`);
    await queryRunner.query(
      `ALTER TABLE "master_inventory" RENAME TO "temporary_master_inventory"`,
    );
    await queryRunner.query(
      `CREATE TABLE "master_inventory" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "serial" varchar(255) NOT NULL, "mac_id" varchar(17) NOT NULL, "hardware_part_id" integer NOT NULL, CONSTRAINT "UQ_10a9f9ae5127c6ca4b107ffae08" UNIQUE ("mac_id"), CONSTRAINT "UQ_1133278f2781946a2de5f8b5796" UNIQUE ("serial"), CONSTRAINT "FK_186c5b092a9017629156282a30a" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "master_inventory"("id", "serial", "mac_id", "hardware_part_id") SELECT "id", "serial", "mac_id", "hardware_part_id" FROM "temporary_master_inventory"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_master_inventory"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_186c5b092a9017629156282a30" ON "master_inventory" ("hardware_part_id") `,
    );
  }
}
