import { MigrationInterface, QueryRunner } from 'typeorm';

export class KeptDeviceCounts1795405691494 implements MigrationInterface {
  name = 'KeptDeviceCounts1795405691494';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_organisations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(255) NOT NULL, "allowed_device_count" integer NOT NULL DEFAULT (100), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "device_count" integer NOT NULL DEFAULT (0), CONSTRAINT "UQ_4a3dcb66f1630f551b81bca1b34" UNIQUE ("name"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_organisations"("id", "name", "allowed_device_count", "created_at", "updated_at") SELECT "id", "name", "allowed_device_count", "created_at", "updated_at" FROM "organisations"`,
    );
    await queryRunner.query(`DROP TABLE "organisations"`);
    await queryRunner.query(`ALTER TABLE "temporary_organisations" RENAME TO "organisations"`);
    await queryRunner.query(
      `UPDATE "organisations" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."organisation_id" = "organisations"."id")`,
    );
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "device_count" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at" FROM "location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "location_networks"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_location_networks" RENAME TO "location_networks"`,
    );
    await queryRunner.query(
      `UPDATE "location_networks" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."location_network_id" = "location_networks"."id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(
      `CREATE TABLE "temporary_heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), "organisation_id" integer NOT NULL, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id") SELECT h."device_id", h."name", h."firmware_version", h."network_name", h."hardware_model", h."public_ip", h."received_at", h."clients", h."uptime_seconds", h."checked_in_at", h."applied_revision", h."config_error_revision", h."config_error_message", d."organisation_id" FROM "heartbeats" h JOIN "devices" d ON d."id" = h."device_id"`,
    );
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`ALTER TABLE "temporary_heartbeats" RENAME TO "heartbeats"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_id" ON "devices" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_org_received" ON "heartbeats" ("organisation_id", "received_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_org_status" ON "upgrades" ("organisation_id", "status") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org_status"`);
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_org_received"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_id"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" RENAME TO "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message" FROM "temporary_heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_heartbeats"`);
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(
      `ALTER TABLE "location_networks" RENAME TO "temporary_location_networks"`,
    );
    await queryRunner.query(
      `CREATE TABLE "location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at" FROM "temporary_location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_location_networks"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(`ALTER TABLE "organisations" RENAME TO "temporary_organisations"`);
    await queryRunner.query(
      `CREATE TABLE "organisations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(255) NOT NULL, "allowed_device_count" integer NOT NULL DEFAULT (100), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_4a3dcb66f1630f551b81bca1b34" UNIQUE ("name"))`,
    );
    await queryRunner.query(
      `INSERT INTO "organisations"("id", "name", "allowed_device_count", "created_at", "updated_at") SELECT "id", "name", "allowed_device_count", "created_at", "updated_at" FROM "temporary_organisations"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_organisations"`);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
  }
}
