import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795294264662 implements MigrationInterface {
  name = 'InitialSchema1795294264662';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "organisations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(255) NOT NULL, "allowed_device_count" integer NOT NULL DEFAULT (100), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_4a3dcb66f1630f551b81bca1b34" UNIQUE ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "email" varchar(255) NOT NULL, "role" varchar(16) NOT NULL DEFAULT ('member'), "super_admin" boolean NOT NULL DEFAULT (0), "password_hash" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2fc4294f8ec97da71d587dc557" ON "users" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "network_templates" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "name" varchar(255) NOT NULL, "configuration" text NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_templates_org_name" ON "network_templates" ("organisation_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "network_access_grants" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer NOT NULL, "location_network_id" integer NOT NULL, "level" varchar(16) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6e98bc54bd8fc2e4c3388e5c15" ON "network_access_grants" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_27aaf5c347b14444447030664f" ON "network_access_grants" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_access_grants_user_network" ON "network_access_grants" ("user_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "hardware_parts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "part_number" varchar(255) NOT NULL, "wifi_uplink" boolean NOT NULL DEFAULT (0), "usb" boolean NOT NULL DEFAULT (0), CONSTRAINT "UQ_7370c11743038a52c723c68e411" UNIQUE ("part_number"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "master_inventory" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "serial" varchar(255) NOT NULL, "mac_id" varchar(17) NOT NULL, "hardware_part_id" integer NOT NULL, CONSTRAINT "UQ_1133278f2781946a2de5f8b5796" UNIQUE ("serial"), CONSTRAINT "UQ_10a9f9ae5127c6ca4b107ffae08" UNIQUE ("mac_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_186c5b092a9017629156282a30" ON "master_inventory" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tags" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "name" varchar(255) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_tags_org_name" ON "tags" ("organisation_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "uplinks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "device_id" integer NOT NULL, "init_template_id" integer, "uplink_type" varchar(16) NOT NULL, "details" text NOT NULL, "is_deleted" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_uplinks_device_deleted" ON "uplinks" ("device_id", "is_deleted") `,
    );
    await queryRunner.query(
      `CREATE TABLE "devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mac_id" varchar(17) NOT NULL, "serial" varchar(255), "organisation_id" integer NOT NULL, "location_network_id" integer, "name" varchar(255), "hardware_part_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_a753b231d672776f5eac03dc3a4" UNIQUE ("mac_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_e9fc960876218f41cd57d4c956" ON "devices" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2f32c68549300cb7b711ec86e5" ON "devices" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network" ON "devices" ("organisation_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "init_templates" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "name" varchar(255) NOT NULL, "details" text NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_init_templates_org_name" ON "init_templates" ("organisation_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "network_ssids" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "ssid_name" varchar(32) NOT NULL, "settings" text NOT NULL, "associated_aps_and_tags" text, "dhcp_mappings" text, "dhcp_ranges" text, "v_lan_attributes" text, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_c29e72aed961db4124f4abfc5a" ON "network_ssids" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_ssids_network_name" ON "network_ssids" ("location_network_id", "ssid_name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE TABLE "upgrade_data" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "version" varchar(64) NOT NULL, "url" text NOT NULL, "organisation_id" integer, "is_released" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_f55c36df375c72432e30f1f1bf" ON "upgrade_data" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "device_tags" ("device_id" integer NOT NULL, "tag_id" integer NOT NULL, PRIMARY KEY ("device_id", "tag_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_c1f812d4be376a6b2b3e097916" ON "device_tags" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_314abe72cb85a4a05578ed2ec8" ON "device_tags" ("tag_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_2fc4294f8ec97da71d587dc557"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "email" varchar(255) NOT NULL, "role" varchar(16) NOT NULL DEFAULT ('member'), "super_admin" boolean NOT NULL DEFAULT (0), "password_hash" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "FK_2fc4294f8ec97da71d587dc5577" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_users"("id", "organisation_id", "email", "role", "super_admin", "password_hash", "created_at") SELECT "id", "organisation_id", "email", "role", "super_admin", "password_hash", "created_at" FROM "users"`,
    );
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`ALTER TABLE "temporary_users" RENAME TO "users"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_2fc4294f8ec97da71d587dc557" ON "users" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"), CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_access_tokens"("id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at") SELECT "id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at" FROM "access_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "access_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_access_tokens" RENAME TO "access_tokens"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at" FROM "location_networks"`,
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
    await queryRunner.query(`DROP INDEX "IDX_6e98bc54bd8fc2e4c3388e5c15"`);
    await queryRunner.query(`DROP INDEX "IDX_27aaf5c347b14444447030664f"`);
    await queryRunner.query(`DROP INDEX "UQ_network_access_grants_user_network"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_network_access_grants" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer NOT NULL, "location_network_id" integer NOT NULL, "level" varchar(16) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_7013dbd3a48892414ed7d69619d" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_27aaf5c347b14444447030664f9" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_network_access_grants"("id", "organisation_id", "user_id", "location_network_id", "level", "created_at") SELECT "id", "organisation_id", "user_id", "location_network_id", "level", "created_at" FROM "network_access_grants"`,
    );
    await queryRunner.query(`DROP TABLE "network_access_grants"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_network_access_grants" RENAME TO "network_access_grants"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6e98bc54bd8fc2e4c3388e5c15" ON "network_access_grants" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_27aaf5c347b14444447030664f" ON "network_access_grants" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_access_grants_user_network" ON "network_access_grants" ("user_id", "location_network_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_186c5b092a9017629156282a30"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_master_inventory" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "serial" varchar(255) NOT NULL, "mac_id" varchar(17) NOT NULL, "hardware_part_id" integer NOT NULL, CONSTRAINT "UQ_1133278f2781946a2de5f8b5796" UNIQUE ("serial"), CONSTRAINT "UQ_10a9f9ae5127c6ca4b107ffae08" UNIQUE ("mac_id"), CONSTRAINT "FK_186c5b092a9017629156282a30a" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
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
    await queryRunner.query(`DROP INDEX "IDX_uplinks_device_deleted"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_uplinks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "device_id" integer NOT NULL, "init_template_id" integer, "uplink_type" varchar(16) NOT NULL, "details" text NOT NULL, "is_deleted" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_0bed6034456b6ba3db35da2976a" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_uplinks"("id", "device_id", "init_template_id", "uplink_type", "details", "is_deleted", "created_at") SELECT "id", "device_id", "init_template_id", "uplink_type", "details", "is_deleted", "created_at" FROM "uplinks"`,
    );
    await queryRunner.query(`DROP TABLE "uplinks"`);
    await queryRunner.query(`ALTER TABLE "temporary_uplinks" RENAME TO "uplinks"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_uplinks_device_deleted" ON "uplinks" ("device_id", "is_deleted") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_e9fc960876218f41cd57d4c956"`);
    await queryRunner.query(`DROP INDEX "IDX_2f32c68549300cb7b711ec86e5"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_network"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mac_id" varchar(17) NOT NULL, "serial" varchar(255), "organisation_id" integer NOT NULL, "location_network_id" integer, "name" varchar(255), "hardware_part_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_a753b231d672776f5eac03dc3a4" UNIQUE ("mac_id"), CONSTRAINT "FK_b69b89cb6f6b8b60038f5bc7ae3" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_e9fc960876218f41cd57d4c9562" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_2f32c68549300cb7b711ec86e55" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_devices"("id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at") SELECT "id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at" FROM "devices"`,
    );
    await queryRunner.query(`DROP TABLE "devices"`);
    await queryRunner.query(`ALTER TABLE "temporary_devices" RENAME TO "devices"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_e9fc960876218f41cd57d4c956" ON "devices" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2f32c68549300cb7b711ec86e5" ON "devices" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network" ON "devices" ("organisation_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "temporary_heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at" FROM "heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`ALTER TABLE "temporary_heartbeats" RENAME TO "heartbeats"`);
    await queryRunner.query(`DROP INDEX "IDX_c29e72aed961db4124f4abfc5a"`);
    await queryRunner.query(`DROP INDEX "UQ_network_ssids_network_name"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_network_ssids" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "ssid_name" varchar(32) NOT NULL, "settings" text NOT NULL, "associated_aps_and_tags" text, "dhcp_mappings" text, "dhcp_ranges" text, "v_lan_attributes" text, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_493cdecdcb46012166f02ec0a19" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_network_ssids"("id", "organisation_id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags", "dhcp_mappings", "dhcp_ranges", "v_lan_attributes", "created_at", "updated_at") SELECT "id", "organisation_id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags", "dhcp_mappings", "dhcp_ranges", "v_lan_attributes", "created_at", "updated_at" FROM "network_ssids"`,
    );
    await queryRunner.query(`DROP TABLE "network_ssids"`);
    await queryRunner.query(`ALTER TABLE "temporary_network_ssids" RENAME TO "network_ssids"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_c29e72aed961db4124f4abfc5a" ON "network_ssids" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_ssids_network_name" ON "network_ssids" ("location_network_id", "ssid_name") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org"`);
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_upgrades"("id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at") SELECT "id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at" FROM "upgrades"`,
    );
    await queryRunner.query(`DROP TABLE "upgrades"`);
    await queryRunner.query(`ALTER TABLE "temporary_upgrades" RENAME TO "upgrades"`);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(`DROP INDEX "IDX_f55c36df375c72432e30f1f1bf"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_upgrade_data" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "version" varchar(64) NOT NULL, "url" text NOT NULL, "organisation_id" integer, "is_released" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_f55c36df375c72432e30f1f1bfe" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_upgrade_data"("id", "version", "url", "organisation_id", "is_released", "created_at") SELECT "id", "version", "url", "organisation_id", "is_released", "created_at" FROM "upgrade_data"`,
    );
    await queryRunner.query(`DROP TABLE "upgrade_data"`);
    await queryRunner.query(`ALTER TABLE "temporary_upgrade_data" RENAME TO "upgrade_data"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_f55c36df375c72432e30f1f1bf" ON "upgrade_data" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_c1f812d4be376a6b2b3e097916"`);
    await queryRunner.query(`DROP INDEX "IDX_314abe72cb85a4a05578ed2ec8"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_device_tags" ("device_id" integer NOT NULL, "tag_id" integer NOT NULL, CONSTRAINT "FK_c1f812d4be376a6b2b3e097916d" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE CASCADE, CONSTRAINT "FK_314abe72cb85a4a05578ed2ec80" FOREIGN KEY ("tag_id") REFERENCES "tags" ("id") ON DELETE CASCADE ON UPDATE CASCADE, PRIMARY KEY ("device_id", "tag_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_device_tags"("device_id", "tag_id") SELECT "device_id", "tag_id" FROM "device_tags"`,
    );
    await queryRunner.query(`DROP TABLE "device_tags"`);
    await queryRunner.query(`ALTER TABLE "temporary_device_tags" RENAME TO "device_tags"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_c1f812d4be376a6b2b3e097916" ON "device_tags" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_314abe72cb85a4a05578ed2ec8" ON "device_tags" ("tag_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_314abe72cb85a4a05578ed2ec8"`);
    await queryRunner.query(`DROP INDEX "IDX_c1f812d4be376a6b2b3e097916"`);
    await queryRunner.query(`ALTER TABLE "device_tags" RENAME TO "temporary_device_tags"`);
    await queryRunner.query(
      `CREATE TABLE "device_tags" ("device_id" integer NOT NULL, "tag_id" integer NOT NULL, PRIMARY KEY ("device_id", "tag_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "device_tags"("device_id", "tag_id") SELECT "device_id", "tag_id" FROM "temporary_device_tags"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_device_tags"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_314abe72cb85a4a05578ed2ec8" ON "device_tags" ("tag_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_c1f812d4be376a6b2b3e097916" ON "device_tags" ("device_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_f55c36df375c72432e30f1f1bf"`);
    await queryRunner.query(`ALTER TABLE "upgrade_data" RENAME TO "temporary_upgrade_data"`);
    await queryRunner.query(
      `CREATE TABLE "upgrade_data" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "version" varchar(64) NOT NULL, "url" text NOT NULL, "organisation_id" integer, "is_released" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "upgrade_data"("id", "version", "url", "organisation_id", "is_released", "created_at") SELECT "id", "version", "url", "organisation_id", "is_released", "created_at" FROM "temporary_upgrade_data"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_upgrade_data"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_f55c36df375c72432e30f1f1bf" ON "upgrade_data" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org"`);
    await queryRunner.query(`ALTER TABLE "upgrades" RENAME TO "temporary_upgrades"`);
    await queryRunner.query(
      `CREATE TABLE "upgrades" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" varchar(64) NOT NULL, "upgrade_type" varchar(16) NOT NULL DEFAULT ('automatic'), "schedule_type" varchar(16) NOT NULL DEFAULT ('now'), "schedule_at" datetime, "time_zone" varchar(64), "save_prev_config" boolean NOT NULL DEFAULT (0), "aps" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "upgrades"("id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at") SELECT "id", "organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "created_at", "updated_at" FROM "temporary_upgrades"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_upgrades"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
    await queryRunner.query(`DROP INDEX "UQ_network_ssids_network_name"`);
    await queryRunner.query(`DROP INDEX "IDX_c29e72aed961db4124f4abfc5a"`);
    await queryRunner.query(`ALTER TABLE "network_ssids" RENAME TO "temporary_network_ssids"`);
    await queryRunner.query(
      `CREATE TABLE "network_ssids" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "ssid_name" varchar(32) NOT NULL, "settings" text NOT NULL, "associated_aps_and_tags" text, "dhcp_mappings" text, "dhcp_ranges" text, "v_lan_attributes" text, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "network_ssids"("id", "organisation_id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags", "dhcp_mappings", "dhcp_ranges", "v_lan_attributes", "created_at", "updated_at") SELECT "id", "organisation_id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags", "dhcp_mappings", "dhcp_ranges", "v_lan_attributes", "created_at", "updated_at" FROM "temporary_network_ssids"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_network_ssids"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_ssids_network_name" ON "network_ssids" ("location_network_id", "ssid_name") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_c29e72aed961db4124f4abfc5a" ON "network_ssids" ("organisation_id") `,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" RENAME TO "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at" FROM "temporary_heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_heartbeats"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_2f32c68549300cb7b711ec86e5"`);
    await queryRunner.query(`DROP INDEX "IDX_e9fc960876218f41cd57d4c956"`);
    await queryRunner.query(`ALTER TABLE "devices" RENAME TO "temporary_devices"`);
    await queryRunner.query(
      `CREATE TABLE "devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mac_id" varchar(17) NOT NULL, "serial" varchar(255), "organisation_id" integer NOT NULL, "location_network_id" integer, "name" varchar(255), "hardware_part_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_a753b231d672776f5eac03dc3a4" UNIQUE ("mac_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "devices"("id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at") SELECT "id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at" FROM "temporary_devices"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_devices"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network" ON "devices" ("organisation_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2f32c68549300cb7b711ec86e5" ON "devices" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_e9fc960876218f41cd57d4c956" ON "devices" ("location_network_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_uplinks_device_deleted"`);
    await queryRunner.query(`ALTER TABLE "uplinks" RENAME TO "temporary_uplinks"`);
    await queryRunner.query(
      `CREATE TABLE "uplinks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "device_id" integer NOT NULL, "init_template_id" integer, "uplink_type" varchar(16) NOT NULL, "details" text NOT NULL, "is_deleted" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "uplinks"("id", "device_id", "init_template_id", "uplink_type", "details", "is_deleted", "created_at") SELECT "id", "device_id", "init_template_id", "uplink_type", "details", "is_deleted", "created_at" FROM "temporary_uplinks"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_uplinks"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_uplinks_device_deleted" ON "uplinks" ("device_id", "is_deleted") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_186c5b092a9017629156282a30"`);
    await queryRunner.query(
      `ALTER TABLE "master_inventory" RENAME TO "temporary_master_inventory"`,
    );
    await queryRunner.query(
      `CREATE TABLE "master_inventory" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "serial" varchar(255) NOT NULL, "mac_id" varchar(17) NOT NULL, "hardware_part_id" integer NOT NULL, CONSTRAINT "UQ_1133278f2781946a2de5f8b5796" UNIQUE ("serial"), CONSTRAINT "UQ_10a9f9ae5127c6ca4b107ffae08" UNIQUE ("mac_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "master_inventory"("id", "serial", "mac_id", "hardware_part_id") SELECT "id", "serial", "mac_id", "hardware_part_id" FROM "temporary_master_inventory"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_master_inventory"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_186c5b092a9017629156282a30" ON "master_inventory" ("hardware_part_id") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_network_access_grants_user_network"`);
    await queryRunner.query(`DROP INDEX "IDX_27aaf5c347b14444447030664f"`);
    await queryRunner.query(`DROP INDEX "IDX_6e98bc54bd8fc2e4c3388e5c15"`);
    await queryRunner.query(
      `ALTER TABLE "network_access_grants" RENAME TO "temporary_network_access_grants"`,
    );
    await queryRunner.query(
      `CREATE TABLE "network_access_grants" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer NOT NULL, "location_network_id" integer NOT NULL, "level" varchar(16) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "network_access_grants"("id", "organisation_id", "user_id", "location_network_id", "level", "created_at") SELECT "id", "organisation_id", "user_id", "location_network_id", "level", "created_at" FROM "temporary_network_access_grants"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_network_access_grants"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_access_grants_user_network" ON "network_access_grants" ("user_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_27aaf5c347b14444447030664f" ON "network_access_grants" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6e98bc54bd8fc2e4c3388e5c15" ON "network_access_grants" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(
      `ALTER TABLE "location_networks" RENAME TO "temporary_location_networks"`,
    );
    await queryRunner.query(
      `CREATE TABLE "location_networks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" varchar(255) NOT NULL, "network_name_key" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "network_configuration" varchar(32), "cloned_network_id" integer, "presence" boolean, "presence_url" varchar(2048), "vendor_type" varchar(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT (0), "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT ('[]'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "location_networks"("id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at") SELECT "id", "organisation_id", "user_id", "network_name", "network_name_key", "timezone", "network_configuration", "cloned_network_id", "presence", "presence_url", "vendor_type", "network_template", "template_adherence", "enable_policy", "template_policy_attributes", "tag_list", "created_at", "updated_at" FROM "temporary_location_networks"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_location_networks"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(`ALTER TABLE "access_tokens" RENAME TO "temporary_access_tokens"`);
    await queryRunner.query(
      `CREATE TABLE "access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"))`,
    );
    await queryRunner.query(
      `INSERT INTO "access_tokens"("id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at") SELECT "id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at" FROM "temporary_access_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_access_tokens"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_2fc4294f8ec97da71d587dc557"`);
    await queryRunner.query(`ALTER TABLE "users" RENAME TO "temporary_users"`);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "email" varchar(255) NOT NULL, "role" varchar(16) NOT NULL DEFAULT ('member'), "super_admin" boolean NOT NULL DEFAULT (0), "password_hash" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))`,
    );
    await queryRunner.query(
      `INSERT INTO "users"("id", "organisation_id", "email", "role", "super_admin", "password_hash", "created_at") SELECT "id", "organisation_id", "email", "role", "super_admin", "password_hash", "created_at" FROM "temporary_users"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_users"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_2fc4294f8ec97da71d587dc557" ON "users" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_314abe72cb85a4a05578ed2ec8"`);
    await queryRunner.query(`DROP INDEX "IDX_c1f812d4be376a6b2b3e097916"`);
    await queryRunner.query(`DROP TABLE "device_tags"`);
    await queryRunner.query(`DROP INDEX "IDX_f55c36df375c72432e30f1f1bf"`);
    await queryRunner.query(`DROP TABLE "upgrade_data"`);
    await queryRunner.query(`DROP INDEX "UQ_upgrades_pending_device"`);
    await queryRunner.query(`DROP INDEX "IDX_upgrades_org"`);
    await queryRunner.query(`DROP TABLE "upgrades"`);
    await queryRunner.query(`DROP INDEX "UQ_network_ssids_network_name"`);
    await queryRunner.query(`DROP INDEX "IDX_c29e72aed961db4124f4abfc5a"`);
    await queryRunner.query(`DROP TABLE "network_ssids"`);
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`DROP INDEX "UQ_init_templates_org_name"`);
    await queryRunner.query(`DROP TABLE "init_templates"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_2f32c68549300cb7b711ec86e5"`);
    await queryRunner.query(`DROP INDEX "IDX_e9fc960876218f41cd57d4c956"`);
    await queryRunner.query(`DROP TABLE "devices"`);
    await queryRunner.query(`DROP INDEX "IDX_uplinks_device_deleted"`);
    await queryRunner.query(`DROP TABLE "uplinks"`);
    await queryRunner.query(`DROP INDEX "UQ_tags_org_name"`);
    await queryRunner.query(`DROP TABLE "tags"`);
    await queryRunner.query(`DROP INDEX "IDX_186c5b092a9017629156282a30"`);
    await queryRunner.query(`DROP TABLE "master_inventory"`);
    await queryRunner.query(`DROP TABLE "hardware_parts"`);
    await queryRunner.query(`DROP INDEX "UQ_network_access_grants_user_network"`);
    await queryRunner.query(`DROP INDEX "IDX_27aaf5c347b14444447030664f"`);
    await queryRunner.query(`DROP INDEX "IDX_6e98bc54bd8fc2e4c3388e5c15"`);
    await queryRunner.query(`DROP TABLE "network_access_grants"`);
    await queryRunner.query(`DROP INDEX "UQ_location_networks_org_name_key"`);
    await queryRunner.query(`DROP INDEX "IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(`DROP TABLE "location_networks"`);
    await queryRunner.query(`DROP INDEX "UQ_network_templates_org_name"`);
    await queryRunner.query(`DROP TABLE "network_templates"`);
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(`DROP TABLE "access_tokens"`);
    await queryRunner.query(`DROP INDEX "IDX_2fc4294f8ec97da71d587dc557"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "organisations"`);
  }
}
