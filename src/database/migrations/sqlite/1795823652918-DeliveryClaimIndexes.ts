import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeliveryClaimIndexes1795823652918 implements MigrationInterface {
  name = 'DeliveryClaimIndexes1795823652918';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook_leased" ON "webhook_deliveries" ("webhook_id", "lease_until") WHERE "lease_until" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook_pending" ON "webhook_deliveries" ("webhook_id", "next_attempt_at", "id") WHERE "state" = 'pending'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook_pending"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_webhook_leased"`);
  }
}
