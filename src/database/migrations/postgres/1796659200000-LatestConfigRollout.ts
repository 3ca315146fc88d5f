import { MigrationInterface, QueryRunner } from 'typeorm';

export class LatestConfigRollout1796659200000 implements MigrationInterface {
  name = 'LatestConfigRollout1796659200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "location_networks" ADD "latest_config_rollout_id" integer`,
    );
    // Each network's newest configuration rollout, as the reads looked it up until now.
    await queryRunner.query(
      `UPDATE "location_networks" SET "latest_config_rollout_id" =
         (SELECT MAX(r."id") FROM "config_rollouts" r
          WHERE r."location_network_id" = "location_networks"."id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "location_networks" DROP COLUMN "latest_config_rollout_id"`,
    );
  }
}
