import { MigrationInterface, QueryRunner } from 'typeorm';

export class ConfigRollouts1796646831084 implements MigrationInterface {
  name = 'ConfigRollouts1796646831084';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "config_rollouts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "state" varchar(16) NOT NULL DEFAULT ('running'), "base_version" integer NOT NULL, "ssids" text NOT NULL, "diff" text NOT NULL, "stages" text NOT NULL, "max_failure_percent" double precision NOT NULL, "watch_seconds" integer NOT NULL, "auto_revert" boolean NOT NULL, "stage_wait_seconds" integer NOT NULL DEFAULT (0), "next_stage_at" datetime, "reverted" text NOT NULL, "reverted_at" datetime, "created_by_id" integer NOT NULL, "created_by_email" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "finished_at" datetime)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_running" ON "config_rollouts" ("organisation_id") WHERE state = 'running'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_network" ON "config_rollouts" ("location_network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_org" ON "config_rollouts" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "config_rollout_devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "config_rollout_id" integer NOT NULL, "device_id" integer NOT NULL, "stage" integer NOT NULL, "position" integer NOT NULL, "outcome" varchar(16) NOT NULL DEFAULT ('pending'), "reported_at" datetime, "succeeds_at" datetime, "silent_since" datetime, "error" varchar(1000))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_waiting" ON "config_rollout_devices" ("config_rollout_id") WHERE outcome = 'waiting'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_device" ON "config_rollout_devices" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_config_rollout_devices" ON "config_rollout_devices" ("config_rollout_id", "device_id") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "device_count" integer NOT NULL DEFAULT (0), "config_version" integer NOT NULL DEFAULT (1), "config_rollout_id" integer, CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count", "config_version") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count", "config_version" FROM "location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "location_networks"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_location_networks" RENAME TO "location_networks"`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_running"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_network"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_config_rollouts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "state" varchar(16) NOT NULL DEFAULT ('running'), "base_version" integer NOT NULL, "ssids" text NOT NULL, "diff" text NOT NULL, "stages" text NOT NULL, "max_failure_percent" double precision NOT NULL, "watch_seconds" integer NOT NULL, "auto_revert" boolean NOT NULL, "stage_wait_seconds" integer NOT NULL DEFAULT (0), "next_stage_at" datetime, "reverted" text NOT NULL, "reverted_at" datetime, "created_by_id" integer NOT NULL, "created_by_email" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "finished_at" datetime, CONSTRAINT "FK_e1f8fd5788ec852be2fb0e53fa8" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f3496e7d538e51b4874dc749104" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_config_rollouts"("id", "organisation_id", "location_network_id", "state", "base_version", "ssids", "diff", "stages", "max_failure_percent", "watch_seconds", "auto_revert", "stage_wait_seconds", "next_stage_at", "reverted", "reverted_at", "created_by_id", "created_by_email", "created_at", "finished_at") SELECT "id", "organisation_id", "location_network_id", "state", "base_version", "ssids", "diff", "stages", "max_failure_percent", "watch_seconds", "auto_revert", "stage_wait_seconds", "next_stage_at", "reverted", "reverted_at", "created_by_id", "created_by_email", "created_at", "finished_at" FROM "config_rollouts"`,
    );
    await queryRunner.query(`DROP TABLE "config_rollouts"`);
    await queryRunner.query(`ALTER TABLE "temporary_config_rollouts" RENAME TO "config_rollouts"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_running" ON "config_rollouts" ("organisation_id") WHERE state = 'running'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_network" ON "config_rollouts" ("location_network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_org" ON "config_rollouts" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_config_rollout_devices_waiting"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollout_devices_device"`);
    await queryRunner.query(`DROP INDEX "UQ_config_rollout_devices"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_config_rollout_devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "config_rollout_id" integer NOT NULL, "device_id" integer NOT NULL, "stage" integer NOT NULL, "position" integer NOT NULL, "outcome" varchar(16) NOT NULL DEFAULT ('pending'), "reported_at" datetime, "succeeds_at" datetime, "silent_since" datetime, "error" varchar(1000), CONSTRAINT "FK_22f3229963861621dda19106976" FOREIGN KEY ("config_rollout_id") REFERENCES "config_rollouts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_24209166e857ffe0250932bff76" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_config_rollout_devices"("id", "organisation_id", "config_rollout_id", "device_id", "stage", "position", "outcome", "reported_at", "succeeds_at", "silent_since", "error") SELECT "id", "organisation_id", "config_rollout_id", "device_id", "stage", "position", "outcome", "reported_at", "succeeds_at", "silent_since", "error" FROM "config_rollout_devices"`,
    );
    await queryRunner.query(`DROP TABLE "config_rollout_devices"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_config_rollout_devices" RENAME TO "config_rollout_devices"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_waiting" ON "config_rollout_devices" ("config_rollout_id") WHERE outcome = 'waiting'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_device" ON "config_rollout_devices" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_config_rollout_devices" ON "config_rollout_devices" ("config_rollout_id", "device_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_config_rollout_devices"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollout_devices_device"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollout_devices_waiting"`);
    await queryRunner.query(
      `ALTER TABLE "config_rollout_devices" RENAME TO "temporary_config_rollout_devices"`,
    );
    await queryRunner.query(
      `CREATE TABLE "config_rollout_devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "config_rollout_id" integer NOT NULL, "device_id" integer NOT NULL, "stage" integer NOT NULL, "position" integer NOT NULL, "outcome" varchar(16) NOT NULL DEFAULT ('pending'), "reported_at" datetime, "succeeds_at" datetime, "silent_since" datetime, "error" varchar(1000))`,
    );
    await queryRunner.query(
      `INSERT INTO "config_rollout_devices"("id", "organisation_id", "config_rollout_id", "device_id", "stage", "position", "outcome", "reported_at", "succeeds_at", "silent_since", "error") SELECT "id", "organisation_id", "config_rollout_id", "device_id", "stage", "position", "outcome", "reported_at", "succeeds_at", "silent_since", "error" FROM "temporary_config_rollout_devices"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_config_rollout_devices"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_config_rollout_devices" ON "config_rollout_devices" ("config_rollout_id", "device_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_device" ON "config_rollout_devices" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_waiting" ON "config_rollout_devices" ("config_rollout_id") WHERE outcome = 'waiting'`,
    );
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_org"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_network"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_running"`);
    await queryRunner.query(`ALTER TABLE "config_rollouts" RENAME TO "temporary_config_rollouts"`);
    await queryRunner.query(
      `CREATE TABLE "config_rollouts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "state" varchar(16) NOT NULL DEFAULT ('running'), "base_version" integer NOT NULL, "ssids" text NOT NULL, "diff" text NOT NULL, "stages" text NOT NULL, "max_failure_percent" double precision NOT NULL, "watch_seconds" integer NOT NULL, "auto_revert" boolean NOT NULL, "stage_wait_seconds" integer NOT NULL DEFAULT (0), "next_stage_at" datetime, "reverted" text NOT NULL, "reverted_at" datetime, "created_by_id" integer NOT NULL, "created_by_email" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "finished_at" datetime)`,
    );
    await queryRunner.query(
      `INSERT INTO "config_rollouts"("id", "organisation_id", "location_network_id", "state", "base_version", "ssids", "diff", "stages", "max_failure_percent", "watch_seconds", "auto_revert", "stage_wait_seconds", "next_stage_at", "reverted", "reverted_at", "created_by_id", "created_by_email", "created_at", "finished_at") SELECT "id", "organisation_id", "location_network_id", "state", "base_version", "ssids", "diff", "stages", "max_failure_percent", "watch_seconds", "auto_revert", "stage_wait_seconds", "next_stage_at", "reverted", "reverted_at", "created_by_id", "created_by_email", "created_at", "finished_at" FROM "temporary_config_rollouts"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_config_rollouts"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_org" ON "config_rollouts" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_network" ON "config_rollouts" ("location_network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_running" ON "config_rollouts" ("organisation_id") WHERE state = 'running'`,
    );
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(
      `ALTER TABLE "location_networks" RENAME TO "temporary_location_networks"`,
    );
    await queryRunner.query(
      `CREATE TABLE "location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "device_count" integer NOT NULL DEFAULT (0), "config_version" integer NOT NULL DEFAULT (1), CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count", "config_version") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count", "config_version" FROM "temporary_location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_location_networks"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_config_rollout_devices"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollout_devices_device"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollout_devices_waiting"`);
    await queryRunner.query(`DROP TABLE "config_rollout_devices"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_org"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_network"`);
    await queryRunner.query(`DROP INDEX "IDX_config_rollouts_running"`);
    await queryRunner.query(`DROP TABLE "config_rollouts"`);
  }
}
