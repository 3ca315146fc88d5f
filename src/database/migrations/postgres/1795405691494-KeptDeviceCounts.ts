import { MigrationInterface, QueryRunner } from 'typeorm';

export class KeptDeviceCounts1795405691494 implements MigrationInterface {
  name = 'KeptDeviceCounts1795405691494';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_upgrades_org"`);
    await queryRunner.query(
      `ALTER TABLE "organisations" ADD "device_count" integer NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" ADD "device_count" integer NOT NULL DEFAULT '0'`,
    );
    // Backfills: the kept counts from the devices table, each heartbeat's organisation from its device.
    await queryRunner.query(
      `UPDATE "organisations" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."organisation_id" = "organisations"."id")`,
    );
    await queryRunner.query(
      `UPDATE "location_networks" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."location_network_id" = "location_networks"."id")`,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "organisation_id" integer`);
    await queryRunner.query(
      `UPDATE "heartbeats" h SET "organisation_id" = d."organisation_id" FROM "devices" d WHERE d."id" = h."device_id"`,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" ALTER COLUMN "organisation_id" SET NOT NULL`);
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
    await queryRunner.query(`DROP INDEX "public"."IDX_upgrades_org_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_heartbeats_org_received"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_devices_org_id"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "organisation_id"`);
    await queryRunner.query(`ALTER TABLE "location_networks" DROP COLUMN "device_count"`);
    await queryRunner.query(`ALTER TABLE "organisations" DROP COLUMN "device_count"`);
    await queryRunner.query(`CREATE INDEX "IDX_upgrades_org" ON "upgrades" ("organisation_id") `);
  }
}
