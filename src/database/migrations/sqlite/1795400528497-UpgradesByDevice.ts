import { MigrationInterface, QueryRunner } from 'typeorm';

export class UpgradesByDevice1795400528497 implements MigrationInterface {
  name = 'UpgradesByDevice1795400528497';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_device_status" ON "upgrades" ("device_id", "status") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_device_status"`);
  }
}
