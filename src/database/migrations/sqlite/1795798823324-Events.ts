import { MigrationInterface, QueryRunner } from 'typeorm';

export class Events1795798823324 implements MigrationInterface {
  name = 'Events1795798823324';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "type" varchar(64) NOT NULL, "occurred_at" datetime NOT NULL, "network_id" integer, "network_name" varchar(255), "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "actor" text NOT NULL, "data" text NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_events_occurred" ON "events" ("occurred_at") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_network" ON "events" ("organisation_id", "network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_device" ON "events" ("organisation_id", "device_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_id" ON "events" ("organisation_id", "id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_org_received"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), "organisation_id" integer NOT NULL, "up" boolean NOT NULL DEFAULT (0), "silent_since" datetime, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id" FROM "heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`ALTER TABLE "temporary_heartbeats" RENAME TO "heartbeats"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_org_received" ON "heartbeats" ("organisation_id", "received_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_up_received" ON "heartbeats" ("received_at") WHERE "up" = true`,
    );
    // Every device already heard from is recorded UP: the DOWN sweep then records, for each
    // one whose last heartbeat is older than the timeout, its device.down at the right time.
    await queryRunner.query(`UPDATE "heartbeats" SET "up" = true`);
    await queryRunner.query(`DROP INDEX "IDX_events_occurred"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_device"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "type" varchar(64) NOT NULL, "occurred_at" datetime NOT NULL, "network_id" integer, "network_name" varchar(255), "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "actor" text NOT NULL, "data" text NOT NULL, CONSTRAINT "FK_6834b49cf67e4331b0a17212daf" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_events"("id", "organisation_id", "type", "occurred_at", "network_id", "network_name", "device_id", "device_mac", "device_name", "actor", "data") SELECT "id", "organisation_id", "type", "occurred_at", "network_id", "network_name", "device_id", "device_mac", "device_name", "actor", "data" FROM "events"`,
    );
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`ALTER TABLE "temporary_events" RENAME TO "events"`);
    await queryRunner.query(`CREATE INDEX "IDX_events_occurred" ON "events" ("occurred_at") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_network" ON "events" ("organisation_id", "network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_device" ON "events" ("organisation_id", "device_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_id" ON "events" ("organisation_id", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_events_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_device"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_events_occurred"`);
    await queryRunner.query(`ALTER TABLE "events" RENAME TO "temporary_events"`);
    await queryRunner.query(
      `CREATE TABLE "events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "type" varchar(64) NOT NULL, "occurred_at" datetime NOT NULL, "network_id" integer, "network_name" varchar(255), "device_id" integer, "device_mac" varchar(17), "device_name" varchar(255), "actor" text NOT NULL, "data" text NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "events"("id", "organisation_id", "type", "occurred_at", "network_id", "network_name", "device_id", "device_mac", "device_name", "actor", "data") SELECT "id", "organisation_id", "type", "occurred_at", "network_id", "network_name", "device_id", "device_mac", "device_name", "actor", "data" FROM "temporary_events"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_events"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_id" ON "events" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_device" ON "events" ("organisation_id", "device_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_network" ON "events" ("organisation_id", "network_id", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_events_occurred" ON "events" ("occurred_at") `);
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_up_received"`);
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_org_received"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" RENAME TO "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), "organisation_id" integer NOT NULL, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id" FROM "temporary_heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_org_received" ON "heartbeats" ("organisation_id", "received_at") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_events_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_device"`);
    await queryRunner.query(`DROP INDEX "IDX_events_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_events_occurred"`);
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
