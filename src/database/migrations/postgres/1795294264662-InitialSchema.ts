import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795294264662 implements MigrationInterface {
  name = 'InitialSchema1795294264662';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "organisations" ("id" SERIAL NOT NULL, "name" character varying(255) NOT NULL, "allowed_device_count" integer NOT NULL DEFAULT '100', "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "UQ_4a3dcb66f1630f551b81bca1b34" UNIQUE ("name"), CONSTRAINT "PK_7bf54cba378d5b2f1d4c10ef4df" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "email" character varying(255) NOT NULL, "role" character varying(16) NOT NULL DEFAULT 'member', "super_admin" boolean NOT NULL DEFAULT false, "password_hash" character varying(255), "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2fc4294f8ec97da71d587dc557" ON "users" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "access_tokens" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "name" character varying(255), "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP, "revoked_at" TIMESTAMP, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"), CONSTRAINT "PK_65140f59763ff994a0252488166" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "network_templates" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "name" character varying(255) NOT NULL, "configuration" text NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_c602dd6338c7109ac27b5cd840c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_templates_org_name" ON "network_templates" ("organisation_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "location_networks" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer, "network_name" character varying(255) NOT NULL, "network_name_key" character varying(255) NOT NULL, "timezone" character varying(64) NOT NULL, "network_configuration" character varying(32), "cloned_network_id" integer, "presence" boolean, "presence_url" character varying(2048), "vendor_type" character varying(255), "network_template" integer, "template_adherence" boolean, "enable_policy" boolean NOT NULL DEFAULT false, "template_policy_attributes" text, "tag_list" text NOT NULL DEFAULT '[]', "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_f21089d3aabc06953929b169650" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_17da80433442e61e1cfa57bf5c" ON "location_networks" ("network_template") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_location_networks_org_name_key" ON "location_networks" ("organisation_id", "network_name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "network_access_grants" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer NOT NULL, "location_network_id" integer NOT NULL, "level" character varying(16) NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_008105c103763c95c691e0b3bd3" PRIMARY KEY ("id"))`,
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
      `CREATE TABLE "hardware_parts" ("id" SERIAL NOT NULL, "part_number" character varying(255) NOT NULL, "wifi_uplink" boolean NOT NULL DEFAULT false, "usb" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_7370c11743038a52c723c68e411" UNIQUE ("part_number"), CONSTRAINT "PK_7636031c3ce4b1b8579b4b2c034" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "master_inventory" ("id" SERIAL NOT NULL, "serial" character varying(255) NOT NULL, "mac_id" character varying(17) NOT NULL, "hardware_part_id" integer NOT NULL, CONSTRAINT "UQ_1133278f2781946a2de5f8b5796" UNIQUE ("serial"), CONSTRAINT "UQ_10a9f9ae5127c6ca4b107ffae08" UNIQUE ("mac_id"), CONSTRAINT "PK_fe5206c851d6fc9ecf45d66b341" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_186c5b092a9017629156282a30" ON "master_inventory" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tags" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "name" character varying(255) NOT NULL, CONSTRAINT "PK_e7dc17249a1148a1970748eda99" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_tags_org_name" ON "tags" ("organisation_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "uplinks" ("id" SERIAL NOT NULL, "device_id" integer NOT NULL, "init_template_id" integer, "uplink_type" character varying(16) NOT NULL, "details" text NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_5bf8293ea85e7b622e816f13b49" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_uplinks_device_deleted" ON "uplinks" ("device_id", "is_deleted") `,
    );
    await queryRunner.query(
      `CREATE TABLE "devices" ("id" SERIAL NOT NULL, "mac_id" character varying(17) NOT NULL, "serial" character varying(255), "organisation_id" integer NOT NULL, "location_network_id" integer, "name" character varying(255), "hardware_part_id" integer, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "UQ_a753b231d672776f5eac03dc3a4" UNIQUE ("mac_id"), CONSTRAINT "PK_b1514758245c12daf43486dd1f0" PRIMARY KEY ("id"))`,
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
      `CREATE TABLE "init_templates" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "name" character varying(255) NOT NULL, "details" text NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_d82bd3bab0a2f0ecadb2cdf996e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_init_templates_org_name" ON "init_templates" ("organisation_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer NOT NULL, "name" character varying(255), "firmware_version" character varying(64), "network_name" character varying(255), "hardware_model" character varying(255), "public_ip" character varying(64), "received_at" TIMESTAMP NOT NULL, CONSTRAINT "PK_ab01f3b16fa1da0c50eaf55d806" PRIMARY KEY ("device_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "network_ssids" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "ssid_name" character varying(32) NOT NULL, "settings" text NOT NULL, "associated_aps_and_tags" text, "dhcp_mappings" text, "dhcp_ranges" text, "v_lan_attributes" text, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_e3e355a2a075216c9af69f2a931" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_c29e72aed961db4124f4abfc5a" ON "network_ssids" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_ssids_network_name" ON "network_ssids" ("location_network_id", "ssid_name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "upgrades" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "version" character varying(64) NOT NULL, "upgrade_type" character varying(16) NOT NULL DEFAULT 'automatic', "schedule_type" character varying(16) NOT NULL DEFAULT 'now', "schedule_at" TIMESTAMP, "time_zone" character varying(64), "save_prev_config" boolean NOT NULL DEFAULT false, "aps" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_2caaffed78e7c935acd382e4c86" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_upgrades_pending_device" ON "upgrades" ("device_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE TABLE "upgrade_data" ("id" SERIAL NOT NULL, "version" character varying(64) NOT NULL, "url" text NOT NULL, "organisation_id" integer, "is_released" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_442fbfa8f59571fc93ec8d419e9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_f55c36df375c72432e30f1f1bf" ON "upgrade_data" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "device_tags" ("device_id" integer NOT NULL, "tag_id" integer NOT NULL, CONSTRAINT "PK_38abef01eaa1c67d27accf9a73e" PRIMARY KEY ("device_id", "tag_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_c1f812d4be376a6b2b3e097916" ON "device_tags" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_314abe72cb85a4a05578ed2ec8" ON "device_tags" ("tag_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_2fc4294f8ec97da71d587dc5577" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "access_tokens" ADD CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" ADD CONSTRAINT "FK_ff64c580e10d0c270f492b69da5" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" ADD CONSTRAINT "FK_66627a206a7686639087e6aad66" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" ADD CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce" FOREIGN KEY ("network_template") REFERENCES "network_templates"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_access_grants" ADD CONSTRAINT "FK_7013dbd3a48892414ed7d69619d" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_access_grants" ADD CONSTRAINT "FK_27aaf5c347b14444447030664f9" FOREIGN KEY ("location_network_id") REFERENCES "location_networks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "master_inventory" ADD CONSTRAINT "FK_186c5b092a9017629156282a30a" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "uplinks" ADD CONSTRAINT "FK_0bed6034456b6ba3db35da2976a" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "devices" ADD CONSTRAINT "FK_b69b89cb6f6b8b60038f5bc7ae3" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "devices" ADD CONSTRAINT "FK_e9fc960876218f41cd57d4c9562" FOREIGN KEY ("location_network_id") REFERENCES "location_networks"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "devices" ADD CONSTRAINT "FK_2f32c68549300cb7b711ec86e55" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "heartbeats" ADD CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_ssids" ADD CONSTRAINT "FK_493cdecdcb46012166f02ec0a19" FOREIGN KEY ("location_network_id") REFERENCES "location_networks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "upgrades" ADD CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "upgrade_data" ADD CONSTRAINT "FK_f55c36df375c72432e30f1f1bfe" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "device_tags" ADD CONSTRAINT "FK_c1f812d4be376a6b2b3e097916d" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "device_tags" ADD CONSTRAINT "FK_314abe72cb85a4a05578ed2ec80" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "device_tags" DROP CONSTRAINT "FK_314abe72cb85a4a05578ed2ec80"`,
    );
    await queryRunner.query(
      `ALTER TABLE "device_tags" DROP CONSTRAINT "FK_c1f812d4be376a6b2b3e097916d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "upgrade_data" DROP CONSTRAINT "FK_f55c36df375c72432e30f1f1bfe"`,
    );
    await queryRunner.query(
      `ALTER TABLE "upgrades" DROP CONSTRAINT "FK_7a5b875cf734a37fc2c41e351d0"`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_ssids" DROP CONSTRAINT "FK_493cdecdcb46012166f02ec0a19"`,
    );
    await queryRunner.query(
      `ALTER TABLE "heartbeats" DROP CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806"`,
    );
    await queryRunner.query(
      `ALTER TABLE "devices" DROP CONSTRAINT "FK_2f32c68549300cb7b711ec86e55"`,
    );
    await queryRunner.query(
      `ALTER TABLE "devices" DROP CONSTRAINT "FK_e9fc960876218f41cd57d4c9562"`,
    );
    await queryRunner.query(
      `ALTER TABLE "devices" DROP CONSTRAINT "FK_b69b89cb6f6b8b60038f5bc7ae3"`,
    );
    await queryRunner.query(
      `ALTER TABLE "uplinks" DROP CONSTRAINT "FK_0bed6034456b6ba3db35da2976a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "master_inventory" DROP CONSTRAINT "FK_186c5b092a9017629156282a30a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_access_grants" DROP CONSTRAINT "FK_27aaf5c347b14444447030664f9"`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_access_grants" DROP CONSTRAINT "FK_7013dbd3a48892414ed7d69619d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" DROP CONSTRAINT "FK_17da80433442e61e1cfa57bf5ce"`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" DROP CONSTRAINT "FK_66627a206a7686639087e6aad66"`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" DROP CONSTRAINT "FK_ff64c580e10d0c270f492b69da5"`,
    );
    await queryRunner.query(
      `ALTER TABLE "access_tokens" DROP CONSTRAINT "FK_09ee750a035b06e0c7f0704687e"`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_2fc4294f8ec97da71d587dc5577"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_314abe72cb85a4a05578ed2ec8"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c1f812d4be376a6b2b3e097916"`);
    await queryRunner.query(`DROP TABLE "device_tags"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f55c36df375c72432e30f1f1bf"`);
    await queryRunner.query(`DROP TABLE "upgrade_data"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_upgrades_pending_device"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_upgrades_org"`);
    await queryRunner.query(`DROP TABLE "upgrades"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_network_ssids_network_name"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c29e72aed961db4124f4abfc5a"`);
    await queryRunner.query(`DROP TABLE "network_ssids"`);
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_init_templates_org_name"`);
    await queryRunner.query(`DROP TABLE "init_templates"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_devices_org_network"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2f32c68549300cb7b711ec86e5"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e9fc960876218f41cd57d4c956"`);
    await queryRunner.query(`DROP TABLE "devices"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_uplinks_device_deleted"`);
    await queryRunner.query(`DROP TABLE "uplinks"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_tags_org_name"`);
    await queryRunner.query(`DROP TABLE "tags"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_186c5b092a9017629156282a30"`);
    await queryRunner.query(`DROP TABLE "master_inventory"`);
    await queryRunner.query(`DROP TABLE "hardware_parts"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_network_access_grants_user_network"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_27aaf5c347b14444447030664f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6e98bc54bd8fc2e4c3388e5c15"`);
    await queryRunner.query(`DROP TABLE "network_access_grants"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_location_networks_org_name_key"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_17da80433442e61e1cfa57bf5c"`);
    await queryRunner.query(`DROP TABLE "location_networks"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_network_templates_org_name"`);
    await queryRunner.query(`DROP TABLE "network_templates"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(`DROP TABLE "access_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2fc4294f8ec97da71d587dc557"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "organisations"`);
  }
}
