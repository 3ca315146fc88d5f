import { MigrationInterface, QueryRunner } from 'typeorm';

export class ClientSessions1796621613886 implements MigrationInterface {
  name = 'ClientSessions1796621613886';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "client_sessions" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "client_mac" character varying(17) NOT NULL, "device_id" integer NOT NULL, "device_mac_id" character varying(17) NOT NULL, "device_name" character varying(255), "network_id" integer, "network_name" character varying(255), "ssid" character varying(32) NOT NULL, "band" character varying(3) NOT NULL, "channel" integer, "rssi" integer, "rssi_min" integer, "tx_rate_kbps" bigint, "rx_rate_kbps" bigint, "tx_bytes" bigint, "rx_bytes" bigint, "ip" character varying(45), "hostname" character varying(255), "started_at" TIMESTAMP NOT NULL, "last_seen_at" TIMESTAMP NOT NULL, "ended_at" TIMESTAMP, "run_started_at" TIMESTAMP NOT NULL, "roamed_from_id" integer, "roamed_from_mac_id" character varying(17), "roamed_from_name" character varying(255), CONSTRAINT "PK_1d615ffb9d2f3ae5b6bbebdb593" PRIMARY KEY ("id"))`,
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
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "stations" text`);
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "stations_digest" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "stations_at" TIMESTAMP`);
    await queryRunner.query(
      `ALTER TABLE "client_sessions" ADD CONSTRAINT "FK_39ccc3bf852311dc5534c3fe87b" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "client_sessions" DROP CONSTRAINT "FK_39ccc3bf852311dc5534c3fe87b"`,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "stations_at"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "stations_digest"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "stations"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_client_sessions_open"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_sessions_client"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_sessions_device_open"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_sessions_ended"`);
    await queryRunner.query(`DROP TABLE "client_sessions"`);
  }
}
