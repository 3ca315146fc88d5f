import { MigrationInterface, QueryRunner } from 'typeorm';

export class DropUnusedDeliveryDueIndex1795846317747 implements MigrationInterface {
  name = 'DropUnusedDeliveryDueIndex1795846317747';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_deliveries_due"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_due" ON "webhook_deliveries" ("state", "next_attempt_at") `,
    );
  }
}
