import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeviceGateway1795395656285 implements MigrationInterface {
  name = 'DeviceGateway1795395656285';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "master_inventory" ADD "secret_hash" character varying(64)`,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "clients" integer`);
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "uptime_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "checked_in_at" TIMESTAMP`);
    await queryRunner.query(
      `ALTER TABLE "heartbeats" ADD "applied_revision" character varying(64)`,
    );
    await queryRunner.query(
      `ALTER TABLE "heartbeats" ADD "config_error_revision" character varying(64)`,
    );
    await queryRunner.query(
      `ALTER TABLE "heartbeats" ADD "config_error_message" character varying(1000)`,
    );
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "progress" integer`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "error" character varying(1000)`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "started_at" TIMESTAMP`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "completed_at" TIMESTAMP`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "previous_version" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "device_seen_at" TIMESTAMP`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "rollout_id" integer`);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "revert_of" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_rollout" ON "upgrades" ("rollout_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_upgrades_rollout"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "revert_of"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "rollout_id"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "device_seen_at"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "previous_version"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "completed_at"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "started_at"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "error"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "progress"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "config_error_message"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "config_error_revision"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "applied_revision"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "checked_in_at"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "uptime_seconds"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "clients"`);
    await queryRunner.query(`ALTER TABLE "master_inventory" DROP COLUMN "secret_hash"`);
  }
}
