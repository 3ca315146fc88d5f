import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeviceLabels1796615245737 implements MigrationInterface {
  name = 'DeviceLabels1796615245737';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" ADD "label" character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "label"`);
  }
}
