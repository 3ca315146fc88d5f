import { MigrationInterface, QueryRunner } from 'typeorm';

export class Commands1795823900198 implements MigrationInterface {
  name = 'Commands1795823900198';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "commands" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "device_mac" varchar(17) NOT NULL, "device_name" varchar(255), "type" varchar(16) NOT NULL, "params" text NOT NULL, "state" varchar(16) NOT NULL, "created_by_id" integer, "created_by_email" varchar(255), "created_at" datetime NOT NULL, "sent_at" datetime, "completed_at" datetime, "expires_at" datetime NOT NULL, "output" text, "error" varchar(1000))`,
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
    await queryRunner.query(`DROP INDEX "IDX_commands_open_expires"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_open_device"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_org_device"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_org_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_commands" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "device_mac" varchar(17) NOT NULL, "device_name" varchar(255), "type" varchar(16) NOT NULL, "params" text NOT NULL, "state" varchar(16) NOT NULL, "created_by_id" integer, "created_by_email" varchar(255), "created_at" datetime NOT NULL, "sent_at" datetime, "completed_at" datetime, "expires_at" datetime NOT NULL, "output" text, "error" varchar(1000), CONSTRAINT "FK_6d1c0f8fef8ce961f2e7752f549" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_commands"("id", "organisation_id", "device_id", "device_mac", "device_name", "type", "params", "state", "created_by_id", "created_by_email", "created_at", "sent_at", "completed_at", "expires_at", "output", "error") SELECT "id", "organisation_id", "device_id", "device_mac", "device_name", "type", "params", "state", "created_by_id", "created_by_email", "created_at", "sent_at", "completed_at", "expires_at", "output", "error" FROM "commands"`,
    );
    await queryRunner.query(`DROP TABLE "commands"`);
    await queryRunner.query(`ALTER TABLE "temporary_commands" RENAME TO "commands"`);
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
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_commands_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_org_device"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_open_device"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_open_expires"`);
    await queryRunner.query(`ALTER TABLE "commands" RENAME TO "temporary_commands"`);
    await queryRunner.query(
      `CREATE TABLE "commands" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "device_id" integer NOT NULL, "device_mac" varchar(17) NOT NULL, "device_name" varchar(255), "type" varchar(16) NOT NULL, "params" text NOT NULL, "state" varchar(16) NOT NULL, "created_by_id" integer, "created_by_email" varchar(255), "created_at" datetime NOT NULL, "sent_at" datetime, "completed_at" datetime, "expires_at" datetime NOT NULL, "output" text, "error" varchar(1000))`,
    );
    await queryRunner.query(
      `INSERT INTO "commands"("id", "organisation_id", "device_id", "device_mac", "device_name", "type", "params", "state", "created_by_id", "created_by_email", "created_at", "sent_at", "completed_at", "expires_at", "output", "error") SELECT "id", "organisation_id", "device_id", "device_mac", "device_name", "type", "params", "state", "created_by_id", "created_by_email", "created_at", "sent_at", "completed_at", "expires_at", "output", "error" FROM "temporary_commands"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_commands"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_org_id" ON "commands" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_org_device" ON "commands" ("organisation_id", "device_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_open_device" ON "commands" ("device_id", "id") WHERE state IN ('queued', 'sent')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_commands_open_expires" ON "commands" ("expires_at") WHERE state IN ('queued', 'sent')`,
    );
    await queryRunner.query(`DROP INDEX "IDX_commands_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_org_device"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_open_device"`);
    await queryRunner.query(`DROP INDEX "IDX_commands_open_expires"`);
    await queryRunner.query(`DROP TABLE "commands"`);
  }
}
