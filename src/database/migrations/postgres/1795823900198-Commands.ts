import { MigrationInterface, QueryRunner } from 'typeorm';

export class Commands1795823900198 implements MigrationInterface {
  name = 'Commands1795823900198';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "commands" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "device_mac" character varying(17) NOT NULL, "device_name" character varying(255), "type" character varying(16) NOT NULL, "params" text NOT NULL, "state" character varying(16) NOT NULL, "created_by_id" integer, "created_by_email" character varying(255), "created_at" TIMESTAMP NOT NULL, "sent_at" TIMESTAMP, "completed_at" TIMESTAMP, "expires_at" TIMESTAMP NOT NULL, "output" text, "error" character varying(1000), CONSTRAINT "PK_7ac292c3aa19300482b2b190d1e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_open_expires" ON "commands" ("expires_at") WHERE state IN ('queued', 'sent')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_open_device" ON "commands" ("device_id", "id") WHERE state IN ('queued', 'sent')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_org_device" ON "commands" ("organisation_id", "device_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_org_id" ON "commands" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "commands" ADD CONSTRAINT "FK_6d1c0f8fef8ce961f2e7752f549" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "commands" DROP CONSTRAINT "FK_6d1c0f8fef8ce961f2e7752f549"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_commands_org_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_commands_org_device"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_commands_open_device"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_commands_open_expires"`);
    await queryRunner.query(`DROP TABLE "commands"`);
  }
}
