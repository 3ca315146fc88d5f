import { MigrationInterface, QueryRunner } from 'typeorm';

export class ClientSessions1796621613886 implements MigrationInterface {
  name = 'ClientSessions1796621613886';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "client_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "client_mac" varchar(17) NOT NULL, "device_id" integer NOT NULL, "device_mac_id" varchar(17) NOT NULL, "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "ssid" varchar(32) NOT NULL, "band" varchar(3) NOT NULL, "channel" integer, "rssi" integer, "rssi_min" integer, "tx_rate_kbps" bigint, "rx_rate_kbps" bigint, "tx_bytes" bigint, "rx_bytes" bigint, "ip" varchar(45), "hostname" varchar(255), "started_at" datetime NOT NULL, "last_seen_at" datetime NOT NULL, "ended_at" datetime, "run_started_at" datetime NOT NULL, "roamed_from_id" integer, "roamed_from_mac_id" varchar(17), "roamed_from_name" varchar(255))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_ended" ON "client_sessions" ("ended_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_device_open" ON "client_sessions" ("device_id") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_client" ON "client_sessions" ("organisation_id", "client_mac", "started_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_client_sessions_open" ON "client_sessions" ("organisation_id", "client_mac") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_up_received"`);
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_org_received"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), "organisation_id" integer NOT NULL, "up" boolean NOT NULL DEFAULT (0), "silent_since" datetime, "stations" text, "stations_digest" varchar(64), "stations_at" datetime, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id", "up", "silent_since") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id", "up", "silent_since" FROM "heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "heartbeats"`);
    await queryRunner.query(`ALTER TABLE "temporary_heartbeats" RENAME TO "heartbeats"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_up_received" ON "heartbeats" ("received_at") WHERE "up" = true`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_org_received" ON "heartbeats" ("organisation_id", "received_at") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_ended"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_device_open"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_client"`);
    await queryRunner.query(`DROP INDEX "UQ_client_sessions_open"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_client_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "client_mac" varchar(17) NOT NULL, "device_id" integer NOT NULL, "device_mac_id" varchar(17) NOT NULL, "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "ssid" varchar(32) NOT NULL, "band" varchar(3) NOT NULL, "channel" integer, "rssi" integer, "rssi_min" integer, "tx_rate_kbps" bigint, "rx_rate_kbps" bigint, "tx_bytes" bigint, "rx_bytes" bigint, "ip" varchar(45), "hostname" varchar(255), "started_at" datetime NOT NULL, "last_seen_at" datetime NOT NULL, "ended_at" datetime, "run_started_at" datetime NOT NULL, "roamed_from_id" integer, "roamed_from_mac_id" varchar(17), "roamed_from_name" varchar(255), CONSTRAINT "FK_39ccc3bf852311dc5534c3fe87b" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_client_sessions"("id", "organisation_id", "client_mac", "device_id", "device_mac_id", "device_name", "network_id", "network_name", "ssid", "band", "channel", "rssi", "rssi_min", "tx_rate_kbps", "rx_rate_kbps", "tx_bytes", "rx_bytes", "ip", "hostname", "started_at", "last_seen_at", "ended_at", "run_started_at", "roamed_from_id", "roamed_from_mac_id", "roamed_from_name") SELECT "id", "organisation_id", "client_mac", "device_id", "device_mac_id", "device_name", "network_id", "network_name", "ssid", "band", "channel", "rssi", "rssi_min", "tx_rate_kbps", "rx_rate_kbps", "tx_bytes", "rx_bytes", "ip", "hostname", "started_at", "last_seen_at", "ended_at", "run_started_at", "roamed_from_id", "roamed_from_mac_id", "roamed_from_name" FROM "client_sessions"`,
    );
    await queryRunner.query(`DROP TABLE "client_sessions"`);
    await queryRunner.query(`ALTER TABLE "temporary_client_sessions" RENAME TO "client_sessions"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_ended" ON "client_sessions" ("ended_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_device_open" ON "client_sessions" ("device_id") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_client" ON "client_sessions" ("organisation_id", "client_mac", "started_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_client_sessions_open" ON "client_sessions" ("organisation_id", "client_mac") WHERE "ended_at" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_client_sessions_open"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_client"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_device_open"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_ended"`);
    await queryRunner.query(`ALTER TABLE "client_sessions" RENAME TO "temporary_client_sessions"`);
    await queryRunner.query(
      `CREATE TABLE "client_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "client_mac" varchar(17) NOT NULL, "device_id" integer NOT NULL, "device_mac_id" varchar(17) NOT NULL, "device_name" varchar(255), "network_id" integer, "network_name" varchar(255), "ssid" varchar(32) NOT NULL, "band" varchar(3) NOT NULL, "channel" integer, "rssi" integer, "rssi_min" integer, "tx_rate_kbps" bigint, "rx_rate_kbps" bigint, "tx_bytes" bigint, "rx_bytes" bigint, "ip" varchar(45), "hostname" varchar(255), "started_at" datetime NOT NULL, "last_seen_at" datetime NOT NULL, "ended_at" datetime, "run_started_at" datetime NOT NULL, "roamed_from_id" integer, "roamed_from_mac_id" varchar(17), "roamed_from_name" varchar(255))`,
    );
    await queryRunner.query(
      `INSERT INTO "client_sessions"("id", "organisation_id", "client_mac", "device_id", "device_mac_id", "device_name", "network_id", "network_name", "ssid", "band", "channel", "rssi", "rssi_min", "tx_rate_kbps", "rx_rate_kbps", "tx_bytes", "rx_bytes", "ip", "hostname", "started_at", "last_seen_at", "ended_at", "run_started_at", "roamed_from_id", "roamed_from_mac_id", "roamed_from_name") SELECT "id", "organisation_id", "client_mac", "device_id", "device_mac_id", "device_name", "network_id", "network_name", "ssid", "band", "channel", "rssi", "rssi_min", "tx_rate_kbps", "rx_rate_kbps", "tx_bytes", "rx_bytes", "ip", "hostname", "started_at", "last_seen_at", "ended_at", "run_started_at", "roamed_from_id", "roamed_from_mac_id", "roamed_from_name" FROM "temporary_client_sessions"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_client_sessions"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_client_sessions_open" ON "client_sessions" ("organisation_id", "client_mac") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_client" ON "client_sessions" ("organisation_id", "client_mac", "started_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_device_open" ON "client_sessions" ("device_id") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_ended" ON "client_sessions" ("ended_at") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_org_received"`);
    await queryRunner.query(`DROP INDEX "IDX_heartbeats_up_received"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" RENAME TO "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE TABLE "heartbeats" ("device_id" integer PRIMARY KEY NOT NULL, "name" varchar(255), "firmware_version" varchar(64), "network_name" varchar(255), "hardware_model" varchar(255), "public_ip" varchar(64), "received_at" datetime NOT NULL, "clients" integer, "uptime_seconds" integer, "checked_in_at" datetime, "applied_revision" varchar(64), "config_error_revision" varchar(64), "config_error_message" varchar(1000), "organisation_id" integer NOT NULL, "up" boolean NOT NULL DEFAULT (0), "silent_since" datetime, CONSTRAINT "FK_ab01f3b16fa1da0c50eaf55d806" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "heartbeats"("device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id", "up", "silent_since") SELECT "device_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "applied_revision", "config_error_revision", "config_error_message", "organisation_id", "up", "silent_since" FROM "temporary_heartbeats"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_heartbeats"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_org_received" ON "heartbeats" ("organisation_id", "received_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_up_received" ON "heartbeats" ("received_at") WHERE "up" = true`,
    );
    await queryRunner.query(`DROP INDEX "UQ_client_sessions_open"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_client"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_device_open"`);
    await queryRunner.query(`DROP INDEX "IDX_client_sessions_ended"`);
    await queryRunner.query(`DROP TABLE "client_sessions"`);
  }
}
