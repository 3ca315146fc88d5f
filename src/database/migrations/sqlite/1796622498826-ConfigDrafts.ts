import { MigrationInterface, QueryRunner } from 'typeorm';

export class ConfigDrafts1796622498826 implements MigrationInterface {
  name = 'ConfigDrafts1796622498826';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "network_drafts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "base_version" integer NOT NULL, "ssids" text NOT NULL, "created_by_id" integer NOT NULL, "created_by_email" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9b9f1f37ca5d7555982d1084e1" ON "network_drafts" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_drafts_network" ON "network_drafts" ("location_network_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "device_count" integer NOT NULL DEFAULT (0), "config_version" integer NOT NULL DEFAULT (1), CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count" FROM "location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "location_networks"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_location_networks" RENAME TO "location_networks"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_9b9f1f37ca5d7555982d1084e1"`);
    await queryRunner.query(`DROP INDEX "UQ_network_drafts_network"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_network_drafts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "base_version" integer NOT NULL, "ssids" text NOT NULL, "created_by_id" integer NOT NULL, "created_by_email" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_9b9f1f37ca5d7555982d1084e14" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_79cd88718f52d9842d9d5e81091" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_network_drafts"("id", "organisation_id", "location_network_id", "base_version", "ssids", "created_by_id", "created_by_email", "created_at", "updated_at") SELECT "id", "organisation_id", "location_network_id", "base_version", "ssids", "created_by_id", "created_by_email", "created_at", "updated_at" FROM "network_drafts"`,
    );
    await queryRunner.query(`DROP TABLE "network_drafts"`);
    await queryRunner.query(`ALTER TABLE "temporary_network_drafts" RENAME TO "network_drafts"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_9b9f1f37ca5d7555982d1084e1" ON "network_drafts" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_drafts_network" ON "network_drafts" ("location_network_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_network_drafts_network"`);
    await queryRunner.query(`DROP INDEX "IDX_9b9f1f37ca5d7555982d1084e1"`);
    await queryRunner.query(`ALTER TABLE "network_drafts" RENAME TO "temporary_network_drafts"`);
    await queryRunner.query(
      `CREATE TABLE "network_drafts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "base_version" integer NOT NULL, "ssids" text NOT NULL, "created_by_id" integer NOT NULL, "created_by_email" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "network_drafts"("id", "organisation_id", "location_network_id", "base_version", "ssids", "created_by_id", "created_by_email", "created_at", "updated_at") SELECT "id", "organisation_id", "location_network_id", "base_version", "ssids", "created_by_id", "created_by_email", "created_at", "updated_at" FROM "temporary_network_drafts"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_network_drafts"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_drafts_network" ON "network_drafts" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9b9f1f37ca5d7555982d1084e1" ON "network_drafts" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(
      `ALTER TABLE "location_networks" RENAME TO "temporary_location_networks"`,
    );
    await queryRunner.query(
      `CREATE TABLE "location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "device_count" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at", "device_count" FROM "temporary_location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_location_networks"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_network_drafts_network"`);
    await queryRunner.query(`DROP INDEX "IDX_9b9f1f37ca5d7555982d1084e1"`);
    await queryRunner.query(`DROP TABLE "network_drafts"`);
  }
}
