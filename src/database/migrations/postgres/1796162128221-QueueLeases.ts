import { MigrationInterface, QueryRunner } from 'typeorm';

export class QueueLeases1796162128221 implements MigrationInterface {
  name = 'QueueLeases1796162128221';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "queue_leases" ("queue" character varying(32) NOT NULL, "key_id" integer NOT NULL, "owner" character varying(36) NOT NULL, "token" character varying(36) NOT NULL, "until" TIMESTAMP NOT NULL, CONSTRAINT "PK_bad120a746783347a48d5e04d46" PRIMARY KEY ("queue", "key_id"))`,
    );
    // The leases held now go on in the one table (an instance stopping meanwhile loses none).
    await queryRunner.query(
      `INSERT INTO "queue_leases" ("queue", "key_id", "owner", "token", "until") SELECT 'webhook deliveries', "webhook_id", "owner", "token", "until" FROM "webhook_leases"`,
    );
    await queryRunner.query(
      `INSERT INTO "queue_leases" ("queue", "key_id", "owner", "token", "until") SELECT 'alert e-mails', "id", 'migrated', "lease_token", "lease_until" FROM "alert_emails" WHERE "lease_token" IS NOT NULL AND "lease_until" IS NOT NULL`,
    );
    await queryRunner.query(`DROP TABLE "webhook_leases"`);
    await queryRunner.query(`ALTER TABLE "alert_emails" DROP COLUMN "lease_token"`);
    await queryRunner.query(`ALTER TABLE "alert_emails" DROP COLUMN "lease_until"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "alert_emails" ADD "lease_until" TIMESTAMP`);
    await queryRunner.query(`ALTER TABLE "alert_emails" ADD "lease_token" character varying(36)`);
    await queryRunner.query(
      `CREATE TABLE "webhook_leases" ("webhook_id" integer NOT NULL, "owner" character varying(36) NOT NULL, "token" character varying(36) NOT NULL, "until" TIMESTAMP NOT NULL, CONSTRAINT "PK_e3650eb4fd1c5ac87df26d35242" PRIMARY KEY ("webhook_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_leases" ADD CONSTRAINT "FK_e3650eb4fd1c5ac87df26d35242" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "webhook_leases" ("webhook_id", "owner", "token", "until") SELECT l."key_id", l."owner", l."token", l."until" FROM "queue_leases" l JOIN "webhooks" w ON w."id" = l."key_id" WHERE l."queue" = 'webhook deliveries'`,
    );
    await queryRunner.query(
      `UPDATE "alert_emails" SET "lease_token" = l."token", "lease_until" = l."until" FROM "queue_leases" l WHERE l."queue" = 'alert e-mails' AND l."key_id" = "alert_emails"."id"`,
    );
    await queryRunner.query(`DROP TABLE "queue_leases"`);
  }
}
