import { MigrationInterface, QueryRunner } from 'typeorm';

export class UpgradesInProgressIndex1796610191079 implements MigrationInterface {
  name = 'UpgradesInProgressIndex1796610191079';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_in_progress" ON "upgrades" ("organisation_id") WHERE status = 'in_progress'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_upgrades_in_progress"`);
  }
}
