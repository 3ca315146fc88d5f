import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookLeases1795852782916 implements MigrationInterface {
  name = 'WebhookLeases1795852782916';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_deliveries_webhook_leased"`);
    await queryRunner.query(
      `CREATE TABLE "webhook_leases" ("webhook_id" integer NOT NULL, "owner" character varying(36) NOT NULL, "token" character varying(36) NOT NULL, "until" TIMESTAMP NOT NULL, CONSTRAINT "PK_e3650eb4fd1c5ac87df26d35242" PRIMARY KEY ("webhook_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "lease_until"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "lease_token"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_leases" ADD CONSTRAINT "FK_e3650eb4fd1c5ac87df26d35242" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_leases" DROP CONSTRAINT "FK_e3650eb4fd1c5ac87df26d35242"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD "lease_token" character varying(36)`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "lease_until" TIMESTAMP`);
    await queryRunner.query(`DROP TABLE "webhook_leases"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook_leased" ON "webhook_deliveries" ("webhook_id", "lease_until") WHERE (lease_until IS NOT NULL)`,
    );
  }
}
