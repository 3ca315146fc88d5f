import { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertAcknowledgement1796613391611 implements MigrationInterface {
  name = 'AlertAcknowledgement1796613391611';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "alerts" ADD "acknowledged_by" integer`);
    await queryRunner.query(
      `ALTER TABLE "alerts" ADD "acknowledged_by_email" character varying(255)`,
    );
    await queryRunner.query(`ALTER TABLE "alerts" ADD "acknowledged_at" TIMESTAMP`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "alerts" DROP COLUMN "acknowledged_at"`);
    await queryRunner.query(`ALTER TABLE "alerts" DROP COLUMN "acknowledged_by_email"`);
    await queryRunner.query(`ALTER TABLE "alerts" DROP COLUMN "acknowledged_by"`);
  }
}
